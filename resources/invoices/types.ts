/** An invoice as GET /api/invoice lists it (server/routes/invoice/queries.ts InvoiceView). */
export interface Invoice {
  id: number;
  invoice_number: string;
  period_date: string;
  period_date_from: string;
  period_date_to: string;
  restaurant_id: number;
  driver_id: number | null;
  comission: number;
  booking_fee: number;
  subtotal: number;
  vat: number;
  total: number;
  created_at: string;
  restaurant: { id: number; name: string; area_id: number };
  area: { id: number; name: string };
  driver_name: string | null;
}

/** GET /api/invoice-check: the last id, the invoices overlapping the period, and the dialog's defaults. */
export interface InvoiceCheck {
  last_id: number;
  invoices: Invoice[];
  comission: number;
  booking_fee: number;
}

export const INVOICE_CHANNEL = 'invoice_channel';

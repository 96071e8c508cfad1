import type { Config } from '../../config';
import { readStoredLine, sortLines, storedInvoiceTotals, type InvoiceLine, type InvoiceTotals } from '../../../domain/invoices';
import type { AgencyDetails, BilledRestaurant, InvoiceDocument } from '../../services/pdf';
import type { StoredInvoice } from '../../records/invoices';

function agencyDetails(config: Config): AgencyDetails {
  const s = config.invoices;
  return {
    name: s.agencyName,
    address: s.agencyAddress,
    email: s.agencyEmail,
    telephone: s.agencyTelephone,
    vatNumber: s.agencyVatNumber,
    companyNumber: s.agencyCompanyNumber,
    paymentDetails: s.paymentDetails,
    paymentTermsDays: s.paymentTermsDays,
  };
}

function billedRestaurant(r: BilledRestaurant): BilledRestaurant {
  return {
    name: r.name,
    contact_name: r.contact_name,
    address: r.address,
    postcode: r.postcode,
    business_email: r.business_email,
    telephone: r.telephone,
  };
}

export interface DocumentParts {
  invoiceNumber: string;
  invoiceDate: string;
  from: string;
  to: string;
  preview: boolean;
  restaurant: BilledRestaurant;
  driverName: string | null;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
}

export function invoiceDocument(config: Config, parts: DocumentParts): InvoiceDocument {
  return {
    invoiceNumber: parts.invoiceNumber,
    invoiceDate: parts.invoiceDate,
    period: { from: parts.from, to: parts.to },
    preview: parts.preview,
    agency: agencyDetails(config),
    restaurant: billedRestaurant(parts.restaurant),
    driverName: parts.driverName,
    lines: parts.lines,
    totals: parts.totals,
  };
}

/** The document of an issued invoice, from its frozen figures alone. */
export function storedDocument(config: Config, inv: StoredInvoice): InvoiceDocument {
  const lines = sortLines((Array.isArray(inv.lines) ? inv.lines : []).map(readStoredLine));
  return invoiceDocument(config, {
    invoiceNumber: inv.invoice_number,
    invoiceDate: inv.period_date,
    from: inv.period_date_from,
    to: inv.period_date_to,
    preview: false,
    restaurant: inv,
    driverName: inv.driver_name,
    lines,
    totals: storedInvoiceTotals(inv, lines),
  });
}

/** An alert as GET /api/alert and the live feed send it (spec 1, section 3). */
export interface PanelAlert {
  id: number;
  status: number;
  channel: string;
  event: string;
  created_at: string;
  /** JSON text with a `message` field. */
  data: string | { message?: string } | null;
}

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../providers/dataProvider';
import { londonToday } from '../../domain/dates';
import { INTERVAL, rangeFor } from '../../domain/ranges';
import { INVOICE_MSG } from '../../domain/validation/invoice';
import { RequestInvoiceDialog } from '../../resources/invoices/RequestInvoiceDialog';
import { NO_INVOICES } from '../../resources/invoices/InvoicesPage';
import type { Invoice, InvoiceCheck } from '../../resources/invoices/types';
import { ADMIN, MANAGER, RESTAURANT, isListCall, listAnswer, renderAppAt, storeUser, type ApiCall } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const AREAS = [
  { id: 1, name: 'Camden', city: { city_name: 'London' }, restaurants: [{ id: 11, name: 'Pizza Palace Camden', area_id: 1, status: 10 }] },
  { id: 2, name: 'Islington', city: { city_name: 'London' }, restaurants: [{ id: 21, name: 'Golden Dragon', area_id: 2, status: 10 }] },
];

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: 1, invoice_number: '001', period_date: '2026-11-09', period_date_from: '2026-11-02', period_date_to: '2026-11-08', restaurant_id: 11, driver_id: null,
  comission: 1.75, booking_fee: 0, subtotal: 100, vat: 20, total: 120, created_at: '2026-11-09T10:00:00.000Z',
  restaurant: { id: 11, name: 'Pizza Palace Camden', area_id: 1 }, area: { id: 1, name: 'Camden' }, driver_name: null, ...over,
});
const INVOICES = [
  invoice({}),
  invoice({ id: 3, invoice_number: '003', restaurant_id: 21, comission: 2, total: 815.4, restaurant: { id: 21, name: 'Golden Dragon', area_id: 2 }, area: { id: 2, name: 'Islington' } }),
];
const CHECK: InvoiceCheck = { last_id: 7, invoices: [INVOICES[0]], comission: 1.75, booking_fee: 0 };

type Answer = { status?: number; body?: unknown; type?: string; headers?: Record<string, string> };
type Handler = (call: ApiCall) => Answer | undefined;

type Row = (typeof INVOICES)[number];
/** The server's filters of the invoices list, for the rows a test gives (each is in the period asked). */
const matchInvoice = (i: Row, filter: Record<string, unknown>) =>
  (filter.restaurant_id === undefined || i.restaurant_id === filter.restaurant_id) && (filter.area_id === undefined || i.area.id === filter.area_id);

/** A test's invoices answered as the server answers the list convention: the asked page, filtered, counted. */
function asListPage(call: ApiCall, answer: Answer): Answer {
  if (!isListCall(call, '/api/invoice') || !Array.isArray(answer.body)) return answer;
  return listAnswer(call, 'invoice', answer.body as Row[], matchInvoice);
}

/** A fake API that can also answer files (PDFs) the way the server does. */
function api(handler: Handler = () => undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = { method: (init.method ?? 'GET').toUpperCase(), path: url.pathname + url.search, body: init.body, headers: Object.fromEntries(new Headers(init.headers).entries()) };
      calls.push(call);
      const answer = asListPage(
        call,
        handler(call) ??
          (call.method === 'GET' && url.pathname === '/api/area' ? { body: AREAS } : call.method === 'GET' ? { body: [] } : { status: 404, body: { message: 'Not found' } }),
      );
      const type = answer.type ?? 'application/json';
      const status = answer.status ?? 200;
      const payload = status === 204 ? null : type === 'application/json' ? JSON.stringify(answer.body ?? null) : (answer.body as BodyInit);
      return new Response(payload, { status, headers: { 'Content-Type': type, ...answer.headers } });
    }),
  );
  return calls;
}

const pdf = (name: string): Answer => ({ body: new Blob(['%PDF-1.3 test'], { type: 'application/pdf' }), type: 'application/pdf', headers: { 'Content-Disposition': `inline; filename="${name}"` } });

/** Downloads and new tabs, observed. */
function fileSpies() {
  const created: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:test/${created.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  const tab = { closed: false, close: vi.fn(), location: { href: '' } };
  const open = vi.fn(() => tab as unknown as Window);
  vi.stubGlobal('open', open);
  return { created, downloads, open, tab };
}

const week = rangeFor(INTERVAL.week, londonToday());
const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/invoice?'));

async function openInvoices(user = ADMIN, handler?: Handler, path = '/invoices') {
  const calls = api(handler);
  storeUser(user);
  renderAppAt(path);
  await screen.findByRole('heading', { name: 'Invoices', level: 1 });
  return { calls, u: userEvent.setup() };
}

async function pickRestaurant(u: ReturnType<typeof userEvent.setup>, name: string) {
  await u.click(screen.getByRole('combobox', { name: 'Location' }));
  await u.click(await screen.findByRole('option', { name }));
}

/** Picks the restaurant and opens Request Invoice for it: the dialog. */
async function requestInvoice(u: ReturnType<typeof userEvent.setup>, restaurant: string) {
  await pickRestaurant(u, restaurant);
  await u.click(screen.getByRole('button', { name: 'Request Invoice' }));
  return screen.findByRole('dialog', { name: 'Request Invoice' });
}

describe('Invoices screen', () => {
  it('lists the invoices of the current week by default with Period, Number, Location and Commission', async () => {
    const { calls } = await openInvoices(ADMIN, (c) => (c.path.startsWith('/api/invoice?') ? { body: INVOICES } : undefined));
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const asked = new URL(listCalls(calls)[0].path, 'http://localhost').searchParams;
    expect(JSON.parse(asked.get('filter')!)).toEqual({ period_date_from: week.from, period_date_to: week.to });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Number', 'Location', 'Commission', 'Total', 'Actions']);
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(0, 5)).toEqual(['02/11/2026 – 08/11/2026', '001', 'Pizza Palace CamdenCamden', '£1.75 / hour', '£120.00']);
    for (const action of ['View', 'Download', 'Remove']) expect(within(row).getByRole('button', { name: `${action} invoice 001` })).toBeInTheDocument();
    // The interval select offers Day disabled and Week chosen.
    expect(screen.getByRole('combobox', { name: 'Interval' })).toHaveTextContent('Week');
  });

  it('filters by the location picked and enables Request Invoice only for a restaurant', async () => {
    const { u } = await openInvoices(ADMIN, (c) => (c.path.startsWith('/api/invoice?') ? { body: INVOICES } : undefined));
    await screen.findByRole('table', { name: 'Invoices' });
    const request = screen.getByRole('button', { name: 'Request Invoice' });
    expect(request).toBeDisabled();
    await u.click(screen.getByRole('combobox', { name: 'Location' }));
    await u.click(await screen.findByRole('option', { name: 'Islington (London)' }));
    expect(screen.getByRole('button', { name: 'Request Invoice' })).toBeDisabled();
    expect(screen.queryByText('001')).not.toBeInTheDocument();
    expect(screen.getByText('003')).toBeInTheDocument();
    await pickRestaurant(u, 'Pizza Palace Camden');
    expect(screen.getByRole('button', { name: 'Request Invoice' })).toBeEnabled();
    expect(screen.getByText('001')).toBeInTheDocument();
    expect(screen.queryByText('003')).not.toBeInTheDocument();
  });

  it('shows an empty period plainly', async () => {
    await openInvoices();
    expect(await screen.findByText(NO_INVOICES)).toBeInTheDocument();
  });

  it('requests an invoice: checks the period, pre-fills number and commission, warns of an overlap, creates and reloads', async () => {
    const files = fileSpies();
    let created = false;
    const { calls, u } = await openInvoices(ADMIN, (c) => {
      if (c.path.startsWith('/api/invoice?')) return { body: created ? [...INVOICES, invoice({ id: 8, invoice_number: '008' })] : INVOICES };
      if (c.path.startsWith('/api/invoice-check?')) return { body: CHECK };
      if (c.path.startsWith('/api/invoice-generate?') && c.path.includes('create_invoice=1')) {
        created = true;
        return pdf(`008_${week.from}-${week.to}.pdf`);
      }
      return undefined;
    });
    await screen.findByRole('table', { name: 'Invoices' });
    const dialog = await requestInvoice(u, 'Pizza Palace Camden');
    expect(calls.find((c) => c.path.startsWith('/api/invoice-check'))!.path).toBe(`/api/invoice-check?period_date_from=${week.from}&period_date_to=${week.to}&restaurant_id=11`);
    const number = await within(dialog).findByRole('textbox', { name: /Invoice number/ });
    expect(number).toHaveValue('008');
    expect(within(dialog).getByRole('textbox', { name: /Commission/ })).toHaveValue('1.75');
    expect(within(dialog).getByLabelText('Overlapping invoices')).toHaveTextContent('Invoice 001: 02/11/2026 – 08/11/2026');
    expect(within(dialog).getByText(/Pizza Palace Camden/)).toBeInTheDocument();

    // The list is asked again by the server once the invoice is created (picking the restaurant asked for its own).
    const listed = listCalls(calls).length;
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const generate = calls.find((c) => c.path.startsWith('/api/invoice-generate'))!;
    expect(Object.fromEntries(new URL(generate.path, 'http://x').searchParams)).toEqual({
      comission: '1.75', invoice_number: '008', period_date_from: week.from, period_date_to: week.to, restaurant_id: '11', create_invoice: '1',
    });
    expect(generate.headers.authorization).toBe('Bearer token-admin');
    expect(files.downloads).toEqual([`008_${week.from}-${week.to}.pdf`]);
    expect(await screen.findByText('Invoice 008 created')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBe(listed + 1));
    expect(await screen.findByText('008')).toBeInTheDocument();
  });

  it('shows the spec messages and keeps Preview and Create disabled while the form is invalid', async () => {
    const { u } = await openInvoices(ADMIN, (c) => (c.path.startsWith('/api/invoice-check?') ? { body: { ...CHECK, invoices: [] } } : undefined));
    const dialog = await requestInvoice(u, 'Pizza Palace Camden');
    expect(within(dialog).queryByLabelText('Overlapping invoices')).not.toBeInTheDocument();
    const number = await within(dialog).findByRole('textbox', { name: /Invoice number/ });
    const commission = within(dialog).getByRole('textbox', { name: /Commission/ });
    await u.clear(number);
    await u.tab();
    expect(await within(dialog).findByText(INVOICE_MSG.numberRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await u.type(number, '009');
    await u.clear(commission);
    await u.tab();
    expect(await within(dialog).findByText('\u0421ommission is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await u.type(commission, '2');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it("shows the server's refusal on the invoice number, and other refusals above the form", async () => {
    fileSpies();
    let answer: Answer = { status: 400, body: { invoice_number: ['Invoice number 008 is already taken'] } };
    const { u } = await openInvoices(ADMIN, (c) => {
      if (c.path.startsWith('/api/invoice-check?')) return { body: CHECK };
      if (c.path.startsWith('/api/invoice-generate?')) return answer;
      return undefined;
    });
    const dialog = await requestInvoice(u, 'Pizza Palace Camden');
    await within(dialog).findByRole('textbox', { name: /Invoice number/ });
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Invoice number 008 is already taken')).toBeInTheDocument();
    answer = { status: 400, body: { period_date_from: [INVOICE_MSG.noTimesheets] } };
    await u.type(within(dialog).getByRole('textbox', { name: /Invoice number/ }), '1');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(INVOICE_MSG.noTimesheets)).toBeInTheDocument();
    expect(within(dialog).queryByText('Invoice number 008 is already taken')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('previews the document in a new tab without creating it', async () => {
    const files = fileSpies();
    const { calls, u } = await openInvoices(ADMIN, (c) => {
      if (c.path.startsWith('/api/invoice-check?')) return { body: CHECK };
      if (c.path.startsWith('/api/invoice-generate?')) return pdf('008.pdf');
      return undefined;
    });
    const dialog = await requestInvoice(u, 'Pizza Palace Camden');
    await within(dialog).findByRole('textbox', { name: /Invoice number/ });
    await u.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(files.tab.location.href).toBe('blob:test/1'));
    expect(files.open).toHaveBeenCalledTimes(1);
    expect(files.created[0].type).toBe('application/pdf');
    const generate = calls.find((c) => c.path.startsWith('/api/invoice-generate'))!;
    expect(generate.path).not.toContain('create_invoice');
    expect(screen.getByRole('dialog', { name: 'Request Invoice' })).toBeInTheDocument();
  });

  it('views and downloads a listed invoice, and removes it after the confirmation', async () => {
    const files = fileSpies();
    let list = INVOICES;
    const { calls, u } = await openInvoices(ADMIN, (c) => {
      if (c.path.startsWith('/api/invoice?')) return { body: list };
      if (c.path === '/api/invoice-download/1') return pdf('Invoice 001.pdf');
      if (c.method === 'DELETE' && c.path === '/api/invoice/1') {
        list = [INVOICES[1]];
        return { status: 204, body: null };
      }
      return undefined;
    });
    await screen.findByRole('table', { name: 'Invoices' });
    await u.click(screen.getByRole('button', { name: 'Download invoice 001' }));
    await waitFor(() => expect(files.downloads).toEqual(['Invoice 001.pdf']));
    await u.click(screen.getByRole('button', { name: 'View invoice 001' }));
    await waitFor(() => expect(files.tab.location.href).toMatch(/^blob:test\//));

    await u.click(screen.getByRole('button', { name: 'Remove invoice 001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove invoice 001?' });
    await u.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('001')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/invoice/1']);
  });

  it('gives managers no Remove', async () => {
    await openInvoices(MANAGER, (c) => (c.path.startsWith('/api/invoice?') ? { body: INVOICES } : undefined));
    await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.getByRole('button', { name: 'View invoice 001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove invoice/ })).not.toBeInTheDocument();
  });
});

describe('Invoices screen of a restaurant account', () => {
  it('lists its invoices with View and Download only, and no Request Invoice', async () => {
    const { calls } = await openInvoices(RESTAURANT, (c) => (c.path.startsWith('/api/invoice?') ? { body: [INVOICES[0]] } : undefined), '/invoicesrestaurant');
    await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.getByRole('button', { name: 'View invoice 001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice 001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Invoice' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/area')).toBe(false);
  });

  it('offers Download only on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /max-width/.test(query), media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    }));
    await openInvoices(RESTAURANT, (c) => (c.path.startsWith('/api/invoice?') ? { body: [INVOICES[0]] } : undefined), '/invoicesrestaurant');
    const card = await screen.findByRole('listitem', { name: 'Invoice 001' });
    expect(within(card).getByRole('button', { name: 'Download invoice 001' })).toHaveTextContent('Download');
    expect(within(card).queryByRole('button', { name: /View/ })).not.toBeInTheDocument();
  });

  it('is not for staff, and /invoices is not for restaurant accounts', async () => {
    await openInvoices(RESTAURANT, undefined, '/invoices').catch(() => undefined);
    expect(await screen.findByText('This screen is not available for your account.')).toBeInTheDocument();
  });
});

describe('Request Invoice dialog, restaurant variant (opened from the timesheet screen)', () => {
  it('shows the figures read-only, previews, and sends the request to the office', async () => {
    fileSpies();
    const calls = api((c) => {
      if (c.path.startsWith('/api/invoice-check?')) return { body: { ...CHECK, invoices: [] } };
      if (c.path.startsWith('/api/invoice-generate?')) return { status: 202, body: { message: INVOICE_MSG.requestSent } };
      return undefined;
    });
    storeUser(RESTAURANT);
    const onDone = vi.fn();
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider}>
          <RequestInvoiceDialog variant="restaurant" restaurantId={7} restaurantName="Pizza Palace Camden" range={{ from: '2026-11-09', to: '2026-11-15' }} onClose={onClose} onDone={onDone} />
        </AdminContext>
      </MemoryRouter>,
    );
    const u = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Request Invoice' });
    const number = await within(dialog).findByRole('textbox', { name: /Invoice number/ });
    expect(number).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: /Commission/ })).toHaveAttribute('readonly');
    expect(within(dialog).getByText('Pizza Palace Camden · 09/11/2026 – 15/11/2026')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Request Invoice' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ kind: 'requested', message: INVOICE_MSG.requestSent }));
    expect(onClose).toHaveBeenCalled();
    const generate = calls.find((c) => c.path.startsWith('/api/invoice-generate'))!;
    expect(generate.path).toContain('create_invoice=1');
    expect(generate.path).toContain('restaurant_id=7');
  });
});

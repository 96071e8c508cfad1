import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { sql } from 'kysely';
import { DRIVER_MSG } from '../../domain/validation/driver';
import { RESTAURANT_MSG } from '../../domain/validation/restaurant';
import { IMPORT_MSG, REJECTED_ERROR_COLUMN, type ImportResult } from '../../domain/validation/imports';
import { runImport } from '../../server/services/imports/run';
import { driverImport } from '../../server/services/imports/drivers';
import { readTable } from '../../server/services/imports/table';
import { multipart, type Part } from '../helpers/multipart';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { setUpFixtures } from '../helpers/routeCalls';
import { DRIVER_CHANNEL, RESTAURANT_CHANNEL } from '../../domain/channels';

/**
 * Importing drivers and restaurants from CSV and .xlsx files: separators, byte-order marks and quotes read as a
 * spreadsheet writes them, columns guessed from their headers, every row checked with the Add dialogs' messages,
 * duplicates skipped or updated, the valid rows written together or not at all, the rejected rows offered back.
 */
const feed = new RecordingBroadcaster();
const fx = setUpFixtures({ broadcaster: feed });
beforeEach(() => {
  feed.messages = [];
});

async function upload(kind: 'driver' | 'restaurant', file: Buffer, filename: string, query = 'mode=preview', extra: Part[] = []) {
  const body = multipart([{ name: 'file', file, filename, type: 'application/octet-stream' }, ...extra]);
  return fx.t.app.inject({
    method: 'POST',
    url: `/api/${kind}/import?${query}`,
    payload: body.payload,
    headers: { ...(await fx.t.as('admin@demo.test')), ...body.headers },
  });
}

const driversCount = async () => Number((await fx.t.db.selectFrom('drivers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const driverByEmail = (email: string) => fx.t.db.selectFrom('drivers').selectAll().where('email', '=', email).executeTakeFirst();

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Drivers');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading files', () => {
  it('reads a CSV with a byte-order mark, `;` separators and quoted fields', async () => {
    const text = '\uFEFFForename;Surname;E-mail address;Mobile;Areas;Address\r\n' +
      'Zoë;"O\'Brien ""Zed""";zoe.obrien@import.test;07700 900001;"Camden; Islington";"Flat 2; 10 High St"\r\n';
    const res = await upload('driver', Buffer.from(text), 'drivers.csv');
    expect(res.statusCode).toBe(200);
    const result = res.json<ImportResult>();
    expect(result.headers).toEqual(['Forename', 'Surname', 'E-mail address', 'Mobile', 'Areas', 'Address']);
    expect(result.mapping).toMatchObject({ first_name: 0, last_name: 1, email: 2, phone: 3, areas: 4, address_1: 5, city: null });
    expect(result.rows).toEqual([
      {
        line: 2,
        action: 'create',
        errors: {},
        values: expect.objectContaining({ first_name: 'Zoë', last_name: 'O\'Brien "Zed"', areas: 'Camden; Islington', address_1: 'Flat 2; 10 High St' }),
      },
    ]);
    // A preview writes nothing.
    expect(await driverByEmail('zoe.obrien@import.test')).toBeUndefined();
  });

  it('refuses a file that is not CSV or .xlsx, and a file with no rows', async () => {
    const xls = await upload('driver', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]), 'old.xls');
    expect(xls.statusCode).toBe(400);
    expect(xls.json()).toEqual({ file: [IMPORT_MSG.fileType] });
    const empty = await upload('driver', Buffer.from('First name,E-mail\n'), 'empty.csv');
    expect(empty.json()).toEqual({ file: [IMPORT_MSG.fileEmpty] });
  });
});

describe('drivers', () => {
  it('answers every bad row with the form’s messages, writes none of them and gives them back with an error column', async () => {
    const before = await driversCount();
    const text = 'First name,Last name,E-mail,Areas,Restaurants,Date of birth\n' +
      ',Nobody,nobody@import.test,Camden,,\n' +
      'Bad,Mail,not-an-email,Camden,,\n' +
      'Far,Away,far.away@import.test,Atlantis,,\n' +
      'Wrong,Place,wrong.place@import.test,Islington,Pizza Palace Camden,\n' +
      'Old,Date,old.date@import.test,,,31/02/1990\n';
    const res = await upload('driver', Buffer.from(text), 'bad.csv', 'mode=commit');
    const result = res.json<ImportResult>();
    expect(result.committed).toBe(false);
    expect(result.counts).toEqual({ total: 5, create: 0, update: 0, skip: 0, reject: 5 });
    expect(result.rows.map((r) => r.errors)).toEqual([
      { first_name: [DRIVER_MSG.firstNameRequired] },
      { email: [DRIVER_MSG.validEmail] },
      { areas: [IMPORT_MSG.unknownArea('Atlantis')] },
      { restaurants: [DRIVER_MSG.restaurantOutsideAreas] },
      { date_of_birth: [DRIVER_MSG.dateInvalid] },
    ]);
    expect(await driversCount()).toBe(before);

    const rejected = await upload('driver', Buffer.from(text), 'bad.csv', 'mode=rejected');
    expect(rejected.headers['content-type']).toContain('text/csv');
    expect(rejected.headers['content-disposition']).toContain('rejected-drivers.csv');
    const back = Papa.parse<string[]>(rejected.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(back[0]).toEqual(['First name', 'Last name', 'E-mail', 'Areas', 'Restaurants', 'Date of birth', REJECTED_ERROR_COLUMN]);
    expect(back).toHaveLength(6);
    expect(back[3]).toEqual(['Far', 'Away', 'far.away@import.test', 'Atlantis', '', '', `Areas: ${IMPORT_MSG.unknownArea('Atlantis')}`]);
  });

  it('gives rejected rows back as typed but never as live spreadsheet formulas', async () => {
    const text = 'First name,Last name,E-mail,Areas\n' +
      '"=HYPERLINK(""http://evil.test"",""y"")",+Plus,not-an-email,@Camden\n';
    const rejected = await upload('driver', Buffer.from(text), 'hostile.csv', 'mode=rejected');
    const back = Papa.parse<string[]>(rejected.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(back[1].slice(0, 4)).toEqual(['\'=HYPERLINK("http://evil.test","y")', "'+Plus", 'not-an-email', "'@Camden"]);
  });

  it('imports the good rows of a mixed .xlsx, flags duplicates by e-mail and skips or updates them', async () => {
    const rows = [
      ['First name', 'Last name', 'Email', 'Phone', 'Areas', 'Restaurants', 'DOB'],
      ['Mia', 'Stone', 'Mia.Stone@Import.test', '07700 900111', 'Camden', 'Pizza Palace Camden', new Date(Date.UTC(1994, 4, 17))],
      ['Dan', 'Driver', 'driver@demo.test', '07700 999999', 'Camden', '', ''],
      ['No', 'Mail', '', '', '', '', ''],
      ['Mia', 'Again', 'mia.stone@import.test', '', '', '', ''],
    ];
    const file = await xlsx(rows);
    const skip = (await upload('driver', file, 'drivers.xlsx', 'mode=commit&duplicates=skip')).json<ImportResult>();
    expect(skip.rows.map((r) => r.action)).toEqual(['create', 'skip', 'reject', 'reject']);
    expect(skip.rows[2].errors).toEqual({ email: [DRIVER_MSG.emailRequired] });
    expect(skip.rows[3].errors).toEqual({ email: [IMPORT_MSG.repeatedInFile(2)] });
    expect(skip.committed).toBe(true);

    const mia = (await driverByEmail('mia.stone@import.test'))!;
    // area_sort (the list's sort by area) as the database's own rule would set it.
    expect(mia).toMatchObject({ first_name: 'Mia', phone: '07700 900111', date_of_birth: '1994-05-17', status: 30, area_sort: 'camden' });
    const trigger = await sql<{ sort: string }>`select driver_area_sort(${mia.id}) as sort`.execute(fx.t.db);
    expect(trigger.rows[0].sort).toBe('camden');
    const links = await fx.t.db.selectFrom('driver_restaurants').select('restaurant_id').where('driver_id', '=', mia.id).execute();
    expect(links).toEqual([{ restaurant_id: fx.restaurant }]);
    expect((await driverByEmail('driver@demo.test'))!.phone).not.toBe('07700 999999');

    const update = (await upload('driver', file, 'drivers.xlsx', 'mode=commit&duplicates=update')).json<ImportResult>();
    expect(update.rows.map((r) => r.action)).toEqual(['update', 'update', 'reject', 'reject']);
    const dan = (await driverByEmail('driver@demo.test'))!;
    expect(dan.phone).toBe('07700 999999');
    // Fields the file has no column for stay as they were.
    expect(dan.password_hash).not.toBeNull();
  });

  it('keeps the list a file has no column for: a file of areas alone keeps the restaurants in those areas', async () => {
    const full = 'First name,Last name,E-mail,Areas,Restaurants\nRia,Keep,ria.keep@import.test,Camden,Pizza Palace Camden\n';
    expect((await upload('driver', Buffer.from(full), 'full.csv', 'mode=commit')).json<ImportResult>().counts.create).toBe(1);
    const ria = (await driverByEmail('ria.keep@import.test'))!;
    const restaurantsOf = async () => (await fx.t.db.selectFrom('driver_restaurants').select('restaurant_id').where('driver_id', '=', ria.id).execute()).map((r) => r.restaurant_id);
    expect(await restaurantsOf()).toEqual([fx.restaurant]);

    const areasOnly = 'First name,Last name,E-mail,Areas\nRia,Keep,ria.keep@import.test,Camden; Islington\n';
    const result = (await upload('driver', Buffer.from(areasOnly), 'areas.csv', 'mode=commit&duplicates=update')).json<ImportResult>();
    expect(result.rows.map((r) => r.action)).toEqual(['update']);
    expect(await restaurantsOf()).toEqual([fx.restaurant]);
  });

  it('uses the mapping the dialog sends instead of the guess', async () => {
    const text = 'Col A,Col B,Col C\nKai,Lee,kai.lee@import.test\n';
    const guessed = (await upload('driver', Buffer.from(text), 'cols.csv')).json<ImportResult>();
    expect(guessed.rows[0].action).toBe('reject');
    const mapping = JSON.stringify({ first_name: 0, last_name: 1, email: 2 });
    const mapped = await upload('driver', Buffer.from(text), 'cols.csv', 'mode=commit', [{ name: 'mapping', value: mapping }]);
    expect(mapped.json<ImportResult>().counts.create).toBe(1);
    expect(await driverByEmail('kai.lee@import.test')).toMatchObject({ first_name: 'Kai', last_name: 'Lee' });
    const bad = await upload('driver', Buffer.from(text), 'cols.csv', 'mode=preview', [{ name: 'mapping', value: '{"first_name":9}' }]);
    expect(bad.json()).toEqual({ mapping: [IMPORT_MSG.mappingInvalid] });
  });

  it('writes all the rows or none: a failure while writing leaves no driver behind', async () => {
    const before = await driversCount();
    const table = await readTable(Buffer.from('First name,E-mail\nAll,all.or.none1@import.test\nOr,all.or.none2@import.test\n'));
    const failing = <T>(work: (trx: never) => Promise<T>): Promise<T> =>
      fx.t.db.transaction().execute(async (trx) => {
        await work(trx as never);
        throw new Error('disk full');
      });
    await expect(runImport(fx.t.db, driverImport, table, { first_name: 0, email: 1 }, { mode: 'commit', duplicates: 'skip' }, failing)).rejects.toThrow('disk full');
    expect(await driversCount()).toBe(before);
  });

  it('imports 3,000 drivers in one call, and open screens hear of them in one message', async () => {
    const lines = ['First name,Last name,E-mail,Phone,Areas'];
    for (let i = 0; i < 3000; i += 1) lines.push(`Bulk,Driver ${i},bulk.${i}@import.test,07700 9${String(i).padStart(5, '0')},Camden;Islington`);
    const before = await driversCount();
    const res = await upload('driver', Buffer.from(lines.join('\n')), 'bulk.csv', 'mode=commit');
    expect(res.json<ImportResult>().counts.create).toBe(3000);
    expect(await driversCount()).toBe(before + 3000);
    expect(feed.messages.map((m) => [m.channel, m.event, m.items.length])).toEqual([[DRIVER_CHANNEL, 'store', 3000]]);
    expect(feed.messages[0].items[0]).toMatchObject({ email: 'bulk.0@import.test', first_name: 'Bulk' });
  }, 60_000);

  it('tells open screens nothing of a preview, and of an update only as an update', async () => {
    const file = Buffer.from('First name,E-mail\nRenamed,driver@demo.test\n');
    await upload('driver', file, 'one.csv', 'mode=preview&duplicates=update');
    expect(feed.messages).toEqual([]);
    await upload('driver', file, 'one.csv', 'mode=commit&duplicates=update');
    expect(feed.messages.map((m) => [m.channel, m.event])).toEqual([[DRIVER_CHANNEL, 'update']]);
    expect(feed.messages[0].items).toEqual([expect.objectContaining({ email: 'driver@demo.test', first_name: 'Renamed' })]);
  });
});

describe('restaurants', () => {
  it('imports restaurants with their areas and accounts; a restaurant with the same e-mail and name is a duplicate', async () => {
    const text = 'Name;Contact name;Address;E-mail;Business e-mail;Telephone;Area;Standard pay\n' +
      'Noodle Bar Camden;Lin;"5 Parkway, London";noodles@import.test;accounts@noodles.test;020 7946 0100;Camden;12.5\n' +
      'Noodle Bar Islington;Lin;"9 Upper St, London";noodles@import.test;accounts@noodles.test;020 7946 0101;Islington;\n' +
      'Pizza Palace Camden;Oliver;98 Pratt Street;restaurant@demo.test;accounts@pizzapalacecamden.test;020 7946 0503;Camden;\n' +
      ';Nobody;Nowhere;nobody@import.test;x@import.test;;Atlantis;\n';
    const result = (await upload('restaurant', Buffer.from(text), 'restaurants.csv', 'mode=commit')).json<ImportResult>();
    expect(result.rows.map((r) => r.action)).toEqual(['create', 'create', 'skip', 'reject']);
    const told = feed.messages.filter((m) => m.channel === RESTAURANT_CHANNEL);
    expect(told.map((m) => [m.event, (m.items as { name: string }[]).map((r) => r.name)])).toEqual([['store', ['Noodle Bar Camden', 'Noodle Bar Islington']]]);
    expect(result.rows[3].errors).toEqual({
      name: [RESTAURANT_MSG.nameRequired],
      telephone: [RESTAURANT_MSG.telephoneRequired],
      area: [IMPORT_MSG.unknownArea('Atlantis')],
    });
    const made = await fx.t.db
      .selectFrom('restaurants')
      .innerJoin('restaurateurs', 'restaurateurs.id', 'restaurants.restaurateur_id')
      .innerJoin('areas', 'areas.id', 'restaurants.area_id')
      .select(['restaurants.name', 'restaurateurs.email', 'areas.name as area', 'restaurants.standard_pay', 'restaurants.address'])
      .where('restaurateurs.email', '=', 'noodles@import.test')
      .orderBy('restaurants.name')
      .execute();
    expect(made).toEqual([
      { name: 'Noodle Bar Camden', email: 'noodles@import.test', area: 'Camden', standard_pay: 12.5, address: '5 Parkway, London' },
      { name: 'Noodle Bar Islington', email: 'noodles@import.test', area: 'Islington', standard_pay: null, address: '9 Upper St, London' },
    ]);

    // Updating from a file with fewer columns changes those columns only; the account stays.
    const update = 'Name,E-mail,Contact name,Telephone,Area\nNoodle Bar Camden,NOODLES@import.test,Mei,020 7946 0199,Islington\n';
    const again = (await upload('restaurant', Buffer.from(update), 'update.csv', 'mode=commit&duplicates=update')).json<ImportResult>();
    expect(again.rows.map((r) => r.action)).toEqual(['reject']);
    expect(again.rows[0].errors).toEqual({ address: [RESTAURANT_MSG.addressRequired], business_email: [RESTAURANT_MSG.businessEmailRequired] });
    const full = 'Name,E-mail,Contact name,Telephone,Area,Address,Business e-mail\nNoodle Bar Camden,NOODLES@import.test,Mei,020 7946 0199,Islington,5 Parkway,billing@noodles.test\n';
    const updated = (await upload('restaurant', Buffer.from(full), 'update.csv', 'mode=commit&duplicates=update')).json<ImportResult>();
    expect(updated.rows.map((r) => r.action)).toEqual(['update']);
    const row = await fx.t.db
      .selectFrom('restaurants')
      .innerJoin('areas', 'areas.id', 'restaurants.area_id')
      .select(['contact_name', 'telephone', 'areas.name as area', 'standard_pay', 'restaurateur_id'])
      .where('restaurants.name', '=', 'Noodle Bar Camden')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ contact_name: 'Mei', telephone: '020 7946 0199', area: 'Islington', standard_pay: 12.5 });
  });
});

import { blockText, blocksText, rowsOfBlocks } from '../../domain/rowBlocks';

/** Records through the blocks and back, as a browser reads the answer: parsed from its text. */
const roundTrip = (rows: object[]) => rowsOfBlocks(JSON.parse(blocksText(rows)));

const alice = { id: 1, kind: 'user', name: 'Alice Admin', contact: 'admin@demo.test' };
const thomas = { id: 67, full_name: 'Thomas Ahmed', phone: '07700 900075', photo_src: null };
const shift = (id: number, driver: object | null, more: object = {}) => ({ id, period_date: '2026-11-09', start_time: '11:00', comment: null, creator: alice, driver, ...more });

describe('lists written as blocks', () => {
  it('gives back the records field for field, in order, people and nulls included', () => {
    const rows = [shift(3, thomas), shift(4, null), shift(5, { ...thomas, id: 68, full_name: 'Ann Lee' }), shift(6, thomas, { comment: 'Back door, £5 parking' })];
    const back = roundTrip(rows);
    expect(back).toEqual(rows);
    expect(back.map((r) => Object.keys(r as object))).toEqual(rows.map((r) => Object.keys(r)));
  });

  it('writes each field name once and each person once per block', () => {
    const rows = Array.from({ length: 50 }, (_, i) => shift(i + 1, thomas));
    const text = blockText(rows);
    expect(text.match(/"start_time"/g)).toHaveLength(1);
    expect(text.match(/Thomas Ahmed/g)).toHaveLength(1);
    expect(text.match(/Alice Admin/g)).toHaveLength(1);
    expect(text.length).toBeLessThan(JSON.stringify(rows).length / 4);
  });

  it('keeps whole a record whose fields differ from the block’s, and a field that holds a number in one record', () => {
    const rows = [shift(1, thomas), { id: 2, period_date: '2026-11-10' }, shift(3, thomas, { start_time: undefined }), { ...shift(4, null), creator: 7 }];
    expect(roundTrip(rows)).toEqual(JSON.parse(JSON.stringify(rows)));
  });

  it('joins days written at different times into one list, reads a plain list as it is, and nothing from another answer', () => {
    const monday = [shift(1, thomas)];
    const tuesday = [shift(2, null, { period_date: '2026-11-10' }), shift(3, thomas, { period_date: '2026-11-10' })];
    const answer = JSON.parse(`[${[blockText(monday), blockText([]), blockText(tuesday)].filter(Boolean).join(',')}]`);
    expect(rowsOfBlocks(answer)).toEqual([...monday, ...tuesday]);
    expect(blocksText([])).toBe('[]');
    expect(rowsOfBlocks({ message: 'Unauthorised' })).toEqual([]);
    // A server that does not know compact=1 answers the plain list: the same shifts, not an empty week.
    expect(rowsOfBlocks(JSON.parse(JSON.stringify([shift(1, thomas), shift(2, null)])))).toEqual([shift(1, thomas), shift(2, null)]);
  });

  it('reads one answer once, however often it is asked (the first view, then the board), and another answer afresh', () => {
    const text = blocksText([shift(1, thomas), shift(2, null)]);
    const body = JSON.parse(text);
    const first = rowsOfBlocks(body);
    expect(rowsOfBlocks(body)).toBe(first);
    const again = rowsOfBlocks(JSON.parse(text));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

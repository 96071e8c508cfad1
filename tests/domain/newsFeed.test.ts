import { ADDRESSEE } from '../../domain/statuses';
import { NEWS_MSG, isBlankHtml, newsPostSchema, readCountLabel, readPaging, targetProblem } from '../../domain/validation/newsFeed';
import { REPLY_MSG, replySchema } from '../../domain/validation/reply';

describe('empty rich text', () => {
  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp; &nbsp;</p>', true],
    ['<h2> </h2><ul><li></li></ul>', true],
    ['<p>x</p>', false],
    ['<p><img src="https://example.test/a.png"></p>', false],
    ['<p>&amp;</p>', false],
  ])('%s is blank: %s', (html, blank) => {
    expect(isBlankHtml(html)).toBe(blank);
  });
});

describe('newsPostSchema', () => {
  const base = { postTitle: 'Rota', postContent: '<p>Monday</p>' };
  const parse = (extra: Record<string, unknown>) => newsPostSchema.safeParse({ ...base, ...extra });

  it('reads the addressee from the one list sent (JSON text or arrays); none means All', () => {
    expect(parse({}).data).toMatchObject({ addressee: ADDRESSEE.all, areaIds: [], restaurantIds: [], driverIds: [], important: 20 });
    expect(parse({ areas: '[3,"4",3]' }).data).toMatchObject({ addressee: ADDRESSEE.areas, areaIds: [3, 4] });
    expect(parse({ restaurants: [{ restaurant_id: 7 }] }).data).toMatchObject({ addressee: ADDRESSEE.restaurants, restaurantIds: [7] });
    expect(parse({ drivers: [9], important: 'true' }).data).toMatchObject({ addressee: ADDRESSEE.drivers, driverIds: [9], important: 10 });
    expect(parse({ addressee: '10', areas: null, restaurants: '' }).data).toMatchObject({ addressee: ADDRESSEE.all });
  });

  it('gives the spec message of the chosen mode when its list is empty', () => {
    expect(parse({ addressee: 20 }).error!.issues[0]).toMatchObject({ path: ['areas'], message: NEWS_MSG.areaRequired });
    expect(parse({ addressee: 30, restaurants: '[]' }).error!.issues[0]).toMatchObject({ path: ['restaurants'], message: NEWS_MSG.restaurantRequired });
    expect(parse({ addressee: 40 }).error!.issues[0]).toMatchObject({ path: ['drivers'], message: NEWS_MSG.driverRequired });
    expect(targetProblem(ADDRESSEE.areas, { areas: [1], restaurants: [], drivers: [] })).toBeNull();
    expect(targetProblem(ADDRESSEE.all, { areas: [], restaurants: [], drivers: [] })).toBeNull();
  });

  it('refuses lists of two modes, and unreadable ids', () => {
    expect(parse({ areas: [1], drivers: [2] }).error!.issues[0]).toMatchObject({ path: ['drivers'], message: NEWS_MSG.oneAddressee });
    expect(parse({ areas: '[0]' }).error!.issues[0]).toMatchObject({ path: ['areas'], message: NEWS_MSG.idList });
  });

  it('asks for a title and content', () => {
    expect(newsPostSchema.safeParse({ postContent: '<p>x</p>' }).error!.issues[0].message).toBe(NEWS_MSG.titleRequired);
    expect(parse({ postContent: '<p> </p>' }).error!.issues[0].message).toBe(NEWS_MSG.contentRequired);
  });
});

describe('replies, paging and the read count', () => {
  it("asks for reply content ('Please enter Reply content') and the post", () => {
    expect(replySchema.safeParse({ reply_content: '  ', new_id: 1 }).error!.issues[0].message).toBe(REPLY_MSG.contentRequired);
    expect(replySchema.safeParse({ reply_content: 'Hi' }).error!.issues[0].message).toBe(REPLY_MSG.postRequired);
    expect(replySchema.parse({ reply_content: ' Hi ', new_id: '5' })).toEqual({ reply_content: 'Hi', new_id: 5 });
  });

  it('reads the paging of the feed', () => {
    expect(readPaging({})).toBeNull();
    expect(readPaging({ page: '2', perPage: '50' })).toEqual({ page: 2, perPage: 50 });
    expect(readPaging({ perPage: '10' })).toEqual({ page: 1, perPage: 10 });
    expect(readPaging({ page: '0' })).toBe('invalid');
    expect(readPaging({ page: '1', perPage: '1001' })).toBe('invalid');
  });

  it("writes '(n / total read)'", () => {
    expect(readCountLabel({ readedCount: 3, totalReadersCount: 12 })).toBe('(3 / 12 read)');
  });
});

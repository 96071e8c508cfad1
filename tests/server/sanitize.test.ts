import { plainText, sanitizeRichText } from '../../server/services/sanitize';

describe('sanitizeRichText', () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<h2>Rota</h2><p style="text-align: center">Hello <strong>drivers</strong>, <em>please</em> <u>read</u> <s>this</s></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>quote</blockquote>' +
      '<p><span style="color: #d32f2f">red</span> <mark data-color="#ffeb3b" style="background-color: #ffeb3b">marked</mark></p>' +
      '<p><img src="https://example.test/map.png" alt="map"></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Rota</h2><p style="text-align:center">Hello <strong>drivers</strong>, <em>please</em> <u>read</u> <s>this</s></p>' +
        '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>quote</blockquote>' +
        '<p><span style="color:#d32f2f">red</span> <mark data-color="#ffeb3b" style="background-color:#ffeb3b">marked</mark></p>' +
        '<p><img src="https://example.test/map.png" alt="map" /></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script>', ''],
    ['<ScRiPt src="https://evil.test/x.js"></ScRiPt>ok', 'ok'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<img src="javascript:alert(1)">', '<img />'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)" onmouseover="x()">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<p style="background:url(javascript:alert(1)); color: red">x</p>', '<p style="color:red">x</p>'],
    ['<iframe src="https://evil.test"></iframe><object data="x"></object><embed src="x">', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<style>body{display:none}</style><form action="x"><input name="p"></form>', ''],
    ['<p <img src=x onerror=alert(1)>>', '<p>&gt;</p>'],
  ])('takes out %s', (input, output) => {
    const clean = sanitizeRichText(input);
    expect(clean).toBe(output);
    expect(clean).not.toMatch(/<script|onerror|onmouseover|javascript:/i);
  });

  it('makes links open in a new tab without handing over the feed', () => {
    expect(sanitizeRichText('<a href="https://example.test" target="_self">rota</a>')).toBe(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer nofollow">rota</a>',
    );
  });
});

describe('plainText', () => {
  it.each([
    ['Pay <b>rise</b> & bonus', 'Pay rise & bonus'],
    ['  <script>alert(1)</script>Rota  ', 'Rota'],
    ['<img src=x onerror=alert(1)>', ''],
    ['a < b and c > d', 'a < b and c > d'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;Hi', 'Hi'],
    ['Fish &amp; "chips"', 'Fish & "chips"'],
  ])('reads %s as %s', (input, output) => {
    expect(plainText(input)).toBe(output);
  });
});

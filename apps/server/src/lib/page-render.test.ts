import { describe, expect, it } from 'vitest';
import { assumedViewportWidth, carriesLogin, pageHtml } from './page-render.ts';

const template = `<!doctype html>
<html>
  <head>
    <title>Portal</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pageHtml', () => {
  it("puts the page's markup, head and data in as they are, '$' patterns included", () => {
    const html = pageHtml(template, {
      root: "<p>Pay $&amp; more: $' and $` and $1</p>",
      head: '<title>Job Search | TRS</title>',
      data: '{"note":"$&"}',
      personal: false,
    });
    expect(html).toContain(`<div id="root"><p>Pay $&amp; more: $' and $\` and $1</p></div>`);
    expect(html).toContain('<script type="application/json" id="hcp-page-data">{"note":"$&"}</script>');
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Job Search | TRS</title>']);
  });

  it('keeps the built title when the page has none', () => {
    const html = pageHtml(template, { root: '<p>x</p>', head: '', data: '{}', personal: false });
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Portal</title>']);
  });
});

describe('what a request says about itself', () => {
  it('a phone is assumed from its client hint or user agent, anything else is a desktop', () => {
    expect(assumedViewportWidth({ 'sec-ch-ua-mobile': '?1' })).toBeLessThan(800);
    expect(
      assumedViewportWidth({
        'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/130 Mobile Safari/537.36',
      }),
    ).toBeLessThan(800);
    expect(assumedViewportWidth({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36' })).toBe(
      1280,
    );
    expect(assumedViewportWidth({})).toBe(1280);
  });

  it('a login cookie makes the page personal; an empty one does not', () => {
    expect(carriesLogin('a=1; hcp_token=abc.def')).toBe(true);
    expect(carriesLogin('hcp_token=; a=1')).toBe(false);
    expect(carriesLogin('my_hcp_token=abc')).toBe(false);
  });
});

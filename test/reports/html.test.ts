// The HTML report as a file: self-contained, strict CSP, every server string escaped, and the
// embedded results JSON unable to break out of its script block.
import { beforeAll, describe, expect, test } from 'vitest';
import { catalogLookup } from '../../harness/faces/catalog-lookup.js';
import { applyBaseline } from '../../harness/results/baseline.js';
import type { RunResults } from '../../harness/results/results.js';
import { computeMatrix, type CompatibilityMatrix } from '../../harness/results/matrix.js';
import { compatibilityMatrix } from '../../reports/compat-matrix.js';
import { CLIENT_SCRIPT } from '../../reports/html/client-script.js';
import { jsonForScript } from '../../reports/html/escape.js';
import { renderHtml, REPORT_CSP } from '../../reports/html/index.js';
import { INVISIBLE } from '../../reports/text.js';
import { CLOSE_SCRIPT, IMG, SCRIPT } from './fixtures/hostile-strings.js';
import { RUN_TIMEOUT_MS, hostileResults, referenceResults, withVerdict } from './helpers.js';

let hostile: RunResults;
let good: RunResults;
let hostileHtml: string;

beforeAll(async () => {
  [hostile, good] = await Promise.all([hostileResults(), referenceResults()]);
  hostileHtml = renderHtml(hostile);
}, RUN_TIMEOUT_MS);

const ALLOWED_TAGS =
  'html head meta title link style body header h1 h2 h3 h4 p strong dl dt dd code section div table caption thead tbody tr th td span ul li details summary pre form label input button blockquote a noscript footer script'.split(
    ' ',
  );
const embedded = (html: string) =>
  /<script type="application\/json" id="mcp-conform-results">([\s\S]*?)<\/script>/.exec(html)![1];
const escapedHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('untrusted strings', () => {
  test('the server put markup in its name, tools, errors and stderr, and it is all text', () => {
    expect(hostileHtml.match(/<script/g)).toHaveLength(2); // the data block and the page's script
    expect(hostileHtml.match(/<\/script>/g)).toHaveLength(2);
    expect(hostileHtml).not.toContain('<img');
    // Every tag is one of ours, and no attribute is an event handler.
    const tags = [...hostileHtml.matchAll(/<([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*>/gi)];
    expect(new Set(tags.map((t) => t[1].toLowerCase()))).toEqual(new Set(ALLOWED_TAGS));
    const attributes = tags.flatMap((t) =>
      [...t[2].matchAll(/\s([a-z-]+)(?:="[^"]*")?/gi)].map((a) => a[1].toLowerCase()),
    );
    expect(attributes.filter((a) => a.startsWith('on'))).toEqual([]);
    const markup = hostileHtml.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2');
    expect(markup.split('<').length - 1).toBe(tags.length + (markup.match(/<\/[a-z0-9]+>/gi)?.length ?? 0) + 1); // +1: doctype
    expect(hostileHtml).toContain(escapedHtml(SCRIPT));
    expect(hostileHtml).toContain(escapedHtml(IMG));
  });

  test('the hostile strings reach the page in every place the server put them', () => {
    const info = hostile.revisions[0].profile!.serverInfo as { name: string };
    expect(info.name).toContain(SCRIPT);
    expect(hostileHtml).toContain(escapedHtml(info.name)); // summary: server identity
    expect(hostileHtml).toContain(`<strong>${escapedHtml(IMG)}</strong>`); // offered capability
    expect(hostileHtml).toContain(`<code>${escapedHtml(`tool${SCRIPT}`)}</code>`); // tool name
    expect(hostile.revisions[0].stderr).toContain(SCRIPT);
    expect(hostileHtml).toMatch(/<summary>server stderr<\/summary><pre>[^<]*starting &lt;script&gt;/);
  });

  test('controls, lone surrogates and bidi overrides show as \\u escapes', () => {
    expect(hostileHtml).toContain('nul:\\u0000 esc:\\u001b[31m bell:\\u0007 del:\\u007f');
    expect(hostileHtml).toContain('high:\\ud800 low:\\udc00 nonchar:\\uffff');
    expect(hostileHtml).toContain('rlo:\\u202e gnp.exe');
    expect(hostileHtml).not.toMatch(new RegExp(INVISIBLE.source));
  });

  test('the embedded JSON cannot end its block and reads back as the results', () => {
    const json = embedded(hostileHtml);
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(hostile)));
    expect(jsonForScript(CLOSE_SCRIPT)).toBe(
      '"\\u003c/script\\u003e\\u003cscript\\u003ewindow.__pwned = 2\\u003c/script\\u003e\\u003c!--"',
    );
    expect(jsonForScript('\u2028\u2029&')).toBe('"\\u2028\\u2029\\u0026"');
  });

  test('a spec link that is not http(s) is shown, not linked', () => {
    const tampered = {
      ...good,
      checks: good.checks.map((c, i) => (i === 0 ? { ...c, spec: 'javascript:alert(1)' } : c)),
    };
    const html = renderHtml(tampered);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('Spec: javascript:alert(1)');
  });

  test("the page's own script cannot end its block early and uses the same escapes as the server side", () => {
    expect(CLIENT_SCRIPT).not.toMatch(/<\/script|<!--/i);
    expect(CLIENT_SCRIPT).toContain(`var INVISIBLE = /${INVISIBLE.source}/g;`);
    expect(CLIENT_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });
});

describe('self-contained', () => {
  test('a meta CSP forbids every fetch; nothing external is referenced', () => {
    expect(REPORT_CSP).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'",
    );
    const html = renderHtml(good);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
    expect(html).not.toMatch(/<(link|script|img|iframe)[^>]+(src|href)="(?!data:)/);
    expect(html).not.toMatch(/@import|url\(/);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.every((h) => h.startsWith('#') || h.startsWith('https://') || h === 'data:,')).toBe(true);
  });
});

describe('content', () => {
  test('every check appears once with its verdict, level, area and revision for the filters', () => {
    const html = renderHtml(good);
    for (const check of good.checks) {
      expect(html).toContain(
        `<details class="check" id="check-${check.id}" data-verdict="${check.verdict}" data-level="${check.level}" data-area="${check.area}" data-revision="${check.revision}"`,
      );
    }
    expect(html.match(/<details class="check"/g)).toHaveLength(good.checks.length);
  });

  test('a failure is one closed line, its reason, opening to expected, the gist of actual, spec link and transcript', () => {
    const failed = hostile.checks.find((c) => c.verdict === 'fail' && c.transcript.length > 0)!;
    const start = hostileHtml.indexOf(`id="check-${failed.id}"`);
    const block = hostileHtml.slice(start, hostileHtml.indexOf('</details>\n', start));
    expect(block).not.toMatch(/ open>/);
    // The line is the reason, as the body's reason paragraph shows it (escaped, invisibles made visible).
    const line = /<span class="line">([^<]*)<\/span>/.exec(block)![1];
    expect(line).toContain(escapedHtml(failed.reason!.slice(0, 40)));
    expect(block).toContain(`<p class="reason">${line}</p>`);
    expect(block).toContain('<h4>Expected</h4>');
    expect(block).toContain('<h4>Actual</h4>');
    expect(block).toContain(`href="${failed.spec}"`);
    expect(block).toMatch(/<details class="transcript" data-source="check:\d+"><summary>Wire transcript \(\d+ entr/);
  });

  test('the failures come before the summary, the matrix and the passing checks', () => {
    const at = (marker: string) => hostileHtml.indexOf(marker);
    const firstProblem = at('<details class="check"');
    expect(at('<section id="problems">')).toBeLessThan(firstProblem);
    expect(hostileHtml.slice(firstProblem, firstProblem + 200)).toMatch(/data-verdict="(fail|error)"/);
    for (const later of [
      '<section id="summary">',
      '<form id="filters"',
      '<section id="matrix">',
      '<section id="checks">',
    ])
      expect(at(later)).toBeGreaterThan(firstProblem);
    const passing = hostile.checks.find((c) => c.verdict === 'pass')!;
    expect(at(`id="check-${passing.id}"`)).toBeGreaterThan(at('<section id="checks">'));
  });

  test('the summary counts verdicts per revision and level and names the server', () => {
    const html = renderHtml(good);
    expect(html).toContain('<caption>verdicts per revision</caption>');
    expect(html).toContain('<caption>verdicts per level</caption>');
    expect(html).toContain(`<th scope="row">all</th><td class="n v-pass">${good.summary.pass}</td>`);
    expect(html).toContain('mcp-conform-reference 1.0.0');
  });

  test('the matrix has a row per check and a column per revision, cells linking to checks', () => {
    const view = compatibilityMatrix(good);
    expect(view.columns).toEqual(['2026-07-28', '2025-11-25']);
    const cells = view.rows
      .filter((r) => r.kind === 'check')
      .flatMap((r) => r.cells)
      .filter((c) => c.checkId);
    expect(cells.map((c) => c.checkId).sort()).toEqual(good.checks.map((c) => c.id).sort());
    const shared = view.rows.find((r) => r.kind === 'check' && r.cells.every((c) => c.checkId));
    expect(shared, 'some requirement is checked in both revisions').toBeDefined();
    const html = renderHtml(good);
    expect(html).toContain(`<a href="#check-${shared!.cells[0].checkId}"><span class="badge v-`);
    expect(html.match(/<tr class="matrix-row kind-check"/g)).toHaveLength(
      new Set(view.rows.filter((r) => r.kind === 'check').map((r) => r.key)).size,
    );
  });

  test('the recorded matrix is shown; a file without one gets it computed from the checks', () => {
    const recorded: CompatibilityMatrix = {
      columns: ['2026-07-28', '2025-11-25'],
      rows: [
        {
          key: 'tools/list',
          kind: 'check',
          level: 'MUST',
          cells: {
            '2026-07-28': { verdict: 'pass', text: 'PASS' },
            '2025-11-25': { verdict: 'fail', text: 'FAIL', note: SCRIPT },
          },
        },
      ],
    };
    const view = compatibilityMatrix({ ...good, matrix: recorded });
    expect(view.source).toBe('results.matrix');
    expect(view.rows.map((r) => r.cells.map((c) => c.text))).toEqual([['PASS', 'FAIL']]);
    expect(renderHtml({ ...good, matrix: recorded })).toContain(`title="${escapedHtml(SCRIPT)}"`);
    const { matrix: _matrix, ...older } = good;
    const computed = compatibilityMatrix(older);
    expect(computed.source).toBe('checks');
    expect(computed.rows.map((r) => r.key)).toEqual(computeMatrix(good.revisions, good.checks).rows.map((r) => r.key));
  });

  test('a baselined failure shows as XFAIL in the matrix', () => {
    const failed = hostile.checks.find((c) => c.verdict === 'fail')!;
    const view = compatibilityMatrix(applyBaseline(hostile, { file: 'b.yml', entries: [{ pattern: failed.id }] }));
    const cell = view.rows.flatMap((r) => r.cells).find((c) => c.checkId === failed.id)!;
    expect(cell).toMatchObject({ verdict: 'expected', text: 'XFAIL' });
  });

  test('a baseline shows expected failures as XFAIL and names stale entries', () => {
    const failing = hostile.checks
      .filter((c) => c.verdict === 'fail' || c.verdict === 'error')
      .map((c) => ({ pattern: c.id }));
    const passing = hostile.checks.find((c) => c.verdict === 'pass')!.id;
    const html = renderHtml(
      applyBaseline(hostile, {
        file: 'conformance-baseline.yml',
        entries: [...failing, { pattern: passing, reason: 'fixed upstream?' }],
      }),
    );
    expect(html).toContain('<section id="baseline">');
    expect(html).toContain(`stale entry <code>${passing}</code> (fixed upstream?)`);
    expect(html).toContain('data-verdict="expected"');
    expect(html).toContain('<input type="checkbox" name="verdict" value="expected" checked>');
    expect(html).toContain('STALE BASELINE');
  });

  test('fuzz findings render with seed, path and the replay command when present', () => {
    const withFuzz: RunResults = {
      ...withVerdict(good, good.checks[0].id, good.checks[0].verdict),
      fuzz: {
        findings: [
          {
            id: 'fuzz/x/y',
            campaign: 'x',
            property: 'y',
            message: SCRIPT,
            seed: 7,
            path: '0:1',
            counterexample: { a: SCRIPT },
            replayCommand: 'mcp-conform fuzz --replay fuzz/x/y',
          },
        ],
      },
    };
    const html = renderHtml(withFuzz);
    expect(html).toContain('<section id="fuzz">');
    expect(html).toContain('Replay: <code class="replay">mcp-conform fuzz --replay fuzz/x/y</code>');
    expect(html).toContain('Seed <code>7</code>, path <code>0:1</code>');
    expect(html).toContain(escapedHtml(SCRIPT));
    expect(renderHtml(good)).not.toContain('<section id="fuzz">');
  });
});

describe('requirement rows', () => {
  test('each cited row links to its spec section and shows its level and summary', () => {
    const check = good.checks.find((c) => c.catalog?.length)!;
    const rows = check.catalog!.map((id) => catalogLookup(check.revision, id)!);
    const withRows: RunResults = {
      ...good,
      checks: good.checks.map((c) => (c === check ? { ...c, catalogRows: rows } : c)),
    };
    const block = checkHtml(renderHtml(withRows), check.id);
    for (const row of rows) {
      const linked = `<a href="${escapedHtml(row.url)}" rel="noopener noreferrer" target="_blank"><code>${row.id}</code></a>`;
      expect(block).toContain(linked); // in the spec line and in the list
      expect(block).toContain(
        `<li>${linked} <span class="muted">${escapedHtml(row.level)}</span> ${escapedHtml(row.summary)}</li>`,
      );
    }
    expect(rows[0].url).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/[\d-]+\/[a-z/-]+(#[a-z0-9_-]+)?$/);
  });

  test('a results file without rows (written before the index) shows the ids as before', () => {
    const check = good.checks.find((c) => c.catalog?.length)!;
    expect(check.catalogRows).toBeUndefined(); // the engine alone, without a face's lookup
    const block = checkHtml(renderHtml(good), check.id);
    expect(block).toContain(` · catalog ${check.catalog!.map((id) => `<code>${id}</code>`).join(', ')} · `);
    expect(block).not.toContain('<ul class="catalog">');
  });

  test('a row whose URL is not http(s) is shown, not linked', () => {
    const check = good.checks.find((c) => c.catalog?.length)!;
    const row = { id: check.catalog![0], level: 'MUST', url: 'javascript:alert(1)', summary: SCRIPT };
    const block = checkHtml(
      renderHtml({ ...good, checks: good.checks.map((c) => (c === check ? { ...c, catalogRows: [row] } : c)) }),
      check.id,
    );
    expect(block).not.toContain('javascript:');
    expect(block).toContain(`<li><code>${row.id}</code> <span class="muted">MUST</span> ${escapedHtml(SCRIPT)}</li>`);
  });
});

/** The HTML of one check's block. */
function checkHtml(html: string, id: string): string {
  const start = html.indexOf(`id="check-${id}"`);
  return html.slice(start, html.indexOf('</details>', start));
}

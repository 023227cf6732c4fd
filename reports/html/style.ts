// The report's stylesheet, inline so the file needs nothing else. Every verdict colour comes
// with its text label, so the page reads the same without colour.
export const STYLE = `
:root { --fg: #1d2329; --muted: #5b6670; --bg: #fff; --panel: #f4f6f8; --line: #d5dbe1; --link: #0b57d0;
  --pass: #1a7f37; --fail: #c62828; --warn: #9a6700; --skip: #6b7480; --error: #8e24aa; --expected: #0e7490; --unstable: #b45309; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6e9ec; --muted: #9aa5b1; --bg: #15191d; --panel: #1e2429; --line: #333c44; --link: #8ab4f8;
    --pass: #3fb950; --fail: #f85149; --warn: #d29922; --skip: #8b949e; --error: #d2a8ff; --expected: #39c5cf; --unstable: #f0883e; }
}
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); margin: 0 auto; padding: 1rem 1.5rem 4rem; max-width: 1400px; }
a { color: var(--link); }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: .5rem .75rem; overflow: auto; max-height: 32rem; white-space: pre-wrap; word-break: break-word; margin: .25rem 0; }
h1 { margin: .25rem 0 .5rem; font-size: 1.5rem; } h2 { border-bottom: 1px solid var(--line); padding-bottom: .2rem; margin: 1.5rem 0 .5rem; font-size: 1.25rem; }
h3 { margin: 1.25rem 0 .5rem; font-size: 1.05rem; } h4 { margin: .5rem 0 .1rem; font-size: .9rem; }
.muted { color: var(--muted); font-weight: normal; }
.outcome { font-size: 1rem; font-weight: normal; padding: .15rem .6rem; margin-left: .75rem; border-radius: 4px; display: inline-block; border: 2px solid; vertical-align: middle; }
.outcome.good { border-color: var(--pass); color: var(--pass); } .outcome.bad { border-color: var(--fail); color: var(--fail); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: .5rem 0; } .facts dt { color: var(--muted); } .facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.facts .statement { margin: 0; padding-left: 1.1rem; } .facts details > summary { padding: .1rem 0; } .run-error { font-weight: 600; }
table { border-collapse: collapse; margin: .5rem 0; } th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
caption { text-align: left; color: var(--muted); padding-bottom: .25rem; }
.count-tables { display: flex; flex-wrap: wrap; gap: .5rem 2rem; } .counts td { text-align: right; min-width: 3.5rem; } .counts td.zero { color: var(--muted); }
.servers ul { margin: 0; padding-left: 1.1rem; } .problems li { color: var(--warn); }
.scroll { overflow-x: auto; } .fuzz-properties td:nth-child(5) { white-space: nowrap; } .matrix td.cell { text-align: center; white-space: nowrap; } .matrix a { text-decoration: none; }
.matrix tr.kind-area th, .matrix tr.kind-area td { background: var(--panel); font-weight: 600; } .matrix tr.kind-capability td.cell { color: var(--muted); }
.badge { display: inline-block; min-width: 3.6rem; text-align: center; font-weight: 600; font-size: 11.5px; letter-spacing: .03em; padding: .05rem .35rem; border-radius: 3px; color: #fff; background: var(--skip); }
.badge.v-pass { background: var(--pass); } .badge.v-fail { background: var(--fail); } .badge.v-warn { background: var(--warn); } .badge.v-unstable { background: var(--unstable); }
.badge.v-error { background: var(--error); } .badge.v-expected { background: var(--expected); } .badge.v-none { background: transparent; color: var(--muted); }
.n.v-fail, .n.v-error { color: var(--fail); font-weight: 600; } .n.v-warn { color: var(--warn); font-weight: 600; } .n.v-unstable { color: var(--unstable); font-weight: 600; } td.n.v-pass { color: var(--pass); }
/* Scrolls with the page (not sticky): a line or two, the long area list folded. */
.filters { margin: 1.5rem 0 0; padding: .35rem .5rem; background: var(--panel); border: 1px solid var(--line); border-radius: 4px; display: flex; flex-wrap: wrap; gap: .3rem 1.1rem; align-items: center; font-size: 13px; }
.filter-group { display: flex; flex-wrap: wrap; align-items: center; gap: .1rem .5rem; } .filter-group .legend { color: var(--muted); font-size: 12px; }
.filters label { white-space: nowrap; } .filters input[type=search] { width: 12rem; } .filters button { font-size: 12px; } #filter-status { color: var(--muted); }
.filters .badge { min-width: 0; } .more-filters > summary { padding: 0; color: var(--link); } .more-filters[open] { flex-basis: 100%; } .more-filters[open] .filter-group { margin-top: .3rem; }
details.check, details.finding { scroll-margin-top: 1rem; border: 1px solid var(--line); border-left: 4px solid var(--skip); border-radius: 4px; margin: .25rem 0; background: var(--bg); }
details.check[data-verdict=pass] { border-left-color: var(--pass); } details.check[data-verdict=fail], details.finding { border-left-color: var(--fail); }
details.check[data-verdict=warn] { border-left-color: var(--warn); } details.check[data-verdict=error] { border-left-color: var(--error); } details.check[data-verdict=unstable] { border-left-color: var(--unstable); }
details.check[data-verdict=expected] { border-left-color: var(--expected); } details.finding[data-kind=warning] { border-left-color: var(--warn); }
details > summary { cursor: pointer; padding: .35rem .6rem; list-style-position: inside; }
/* A check or finding is one line: verdict, level, id, then its reason cut to fit; the rest opens. */
details.check > summary, details.finding > summary { display: flex; align-items: baseline; gap: .5rem; list-style: none; padding: .3rem .6rem; }
details.check > summary::-webkit-details-marker, details.finding > summary::-webkit-details-marker { display: none; }
details.check > summary::before, details.finding > summary::before { content: '\\25B8'; color: var(--muted); flex: none; }
details.check[open] > summary::before, details.finding[open] > summary::before { content: '\\25BE'; }
summary .badge, summary .level, summary .id, summary .dur { flex: none; }
summary .line { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
details.check > summary .level { min-width: 3.7rem; color: var(--muted); font-size: 12px; }
#problems summary .line { color: var(--fg); } #checks summary .line { color: var(--muted); }
.none { color: var(--pass); font-weight: 600; } .check-title { font-weight: 600; margin: .5rem 0 .25rem; }
.body { padding: 0 .9rem .6rem; border-top: 1px dashed var(--line); }
ul.catalog { margin: .25rem 0 .5rem; padding-left: 1.1rem; font-size: 13px; }
blockquote { margin: .5rem 0; padding: .1rem .75rem; border-left: 3px solid var(--line); color: var(--muted); }
.reason { font-weight: 600; } .baselined { color: var(--expected); font-weight: 600; }
.evidence { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; } .evidence > div { min-width: 0; } @media (max-width: 900px) { .evidence { grid-template-columns: 1fr; } }
pre.gist { font-weight: 600; } details.whole > summary { padding: .1rem 0; color: var(--link); font-size: 12.5px; }
details.transcript { margin: .5rem 0; } details.transcript > summary { padding-left: 0; color: var(--link); }
.entry { border-left: 3px solid var(--line); padding-left: .5rem; margin: .35rem 0; } .entry.dir-clientserver { border-left-color: var(--link); } .entry.dir-serverclient { border-left-color: var(--pass); }
.entry-head { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; color: var(--muted); white-space: pre-wrap; word-break: break-all; }
.schema-issue { color: var(--fail); font-size: 12px; } .bad { color: var(--fail); }
footer { margin-top: 3rem; color: var(--muted); font-size: 12px; }
[hidden] { display: none !important; }
`;

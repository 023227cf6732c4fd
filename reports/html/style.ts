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
h1 { margin: .25rem 0; font-size: 1.6rem; } h2 { border-bottom: 1px solid var(--line); padding-bottom: .25rem; margin-top: 2rem; }
h3 { margin: 1.25rem 0 .5rem; font-size: 1.05rem; } h4 { margin: .5rem 0 .1rem; font-size: .9rem; }
.muted { color: var(--muted); font-weight: normal; }
.outcome { font-size: 1.1rem; padding: .4rem .75rem; border-radius: 4px; display: inline-block; border: 2px solid; }
.outcome.good { border-color: var(--pass); color: var(--pass); } .outcome.bad { border-color: var(--fail); color: var(--fail); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .75rem 0; } .facts dt { color: var(--muted); } .facts dd { margin: 0; }
table { border-collapse: collapse; margin: .5rem 0; } th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
caption { text-align: left; color: var(--muted); padding-bottom: .25rem; }
.count-tables { display: flex; flex-wrap: wrap; gap: 2rem; } .counts td { text-align: right; min-width: 3.5rem; } .counts td.zero { color: var(--muted); }
.servers ul { margin: 0; padding-left: 1.1rem; } .problems li { color: var(--warn); }
.scroll { overflow-x: auto; } .matrix td.cell { text-align: center; white-space: nowrap; } .matrix a { text-decoration: none; }
.matrix tr.kind-area th, .matrix tr.kind-area td { background: var(--panel); font-weight: 600; } .matrix tr.kind-capability td.cell { color: var(--muted); }
.badge { display: inline-block; min-width: 3.6rem; text-align: center; font-weight: 600; font-size: 11.5px; letter-spacing: .03em; padding: .05rem .35rem; border-radius: 3px; color: #fff; background: var(--skip); }
.badge.v-pass { background: var(--pass); } .badge.v-fail { background: var(--fail); } .badge.v-warn { background: var(--warn); } .badge.v-unstable { background: var(--unstable); }
.badge.v-error { background: var(--error); } .badge.v-expected { background: var(--expected); } .badge.v-none { background: transparent; color: var(--muted); }
td.n.v-fail, td.n.v-error { color: var(--fail); font-weight: 600; } td.n.v-warn { color: var(--warn); font-weight: 600; } td.n.v-unstable { color: var(--unstable); font-weight: 600; } td.n.v-pass { color: var(--pass); }
.filters { position: sticky; top: 0; z-index: 2; background: var(--bg); border-bottom: 1px solid var(--line); padding: .5rem 0; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: flex-start; }
.filters fieldset { border: 1px solid var(--line); border-radius: 4px; padding: .2rem .5rem .35rem; margin: 0; } .filters legend { color: var(--muted); font-size: 12px; }
.filters label { margin-right: .6rem; white-space: nowrap; } .filters input[type=search] { width: 14rem; } #filter-status { margin: .4rem 0 0; color: var(--muted); flex-basis: 100%; }
details.check, details.finding { scroll-margin-top: 9rem; border: 1px solid var(--line); border-left: 4px solid var(--skip); border-radius: 4px; margin: .35rem 0; background: var(--bg); }
details.check[data-verdict=pass] { border-left-color: var(--pass); } details.check[data-verdict=fail], details.finding { border-left-color: var(--fail); }
details.check[data-verdict=warn] { border-left-color: var(--warn); } details.check[data-verdict=error] { border-left-color: var(--error); } details.check[data-verdict=unstable] { border-left-color: var(--unstable); }
details.check[data-verdict=expected] { border-left-color: var(--expected); }
details > summary { cursor: pointer; padding: .35rem .6rem; list-style-position: inside; }
details.check > summary .level { display: inline-block; min-width: 3.7rem; color: var(--muted); font-size: 12px; }
details.check > summary .dur { float: right; }
.body { padding: 0 .9rem .6rem; border-top: 1px dashed var(--line); }
blockquote { margin: .5rem 0; padding: .1rem .75rem; border-left: 3px solid var(--line); color: var(--muted); }
.reason { font-weight: 600; } .baselined { color: var(--expected); font-weight: 600; }
.evidence { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; } @media (max-width: 900px) { .evidence { grid-template-columns: 1fr; } }
details.transcript { margin: .5rem 0; } details.transcript > summary { padding-left: 0; color: var(--link); }
.entry { border-left: 3px solid var(--line); padding-left: .5rem; margin: .35rem 0; } .entry.dir-clientserver { border-left-color: var(--link); } .entry.dir-serverclient { border-left-color: var(--pass); }
.entry-head { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; color: var(--muted); white-space: pre-wrap; word-break: break-all; }
.schema-issue { color: var(--fail); font-size: 12px; } .bad { color: var(--fail); }
footer { margin-top: 3rem; color: var(--muted); font-size: 12px; }
[hidden] { display: none !important; }
`;

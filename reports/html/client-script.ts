// The report page's only script: filters, expand/collapse, and transcripts drawn on demand
// from the embedded results JSON. It builds DOM with textContent only, never innerHTML.
import { INVISIBLE } from '../text.js';

export const CLIENT_SCRIPT = String.raw`(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('mcp-conform-results').textContent);
  var form = document.getElementById('filters');
  var status = document.getElementById('filter-status');
  var checks = Array.prototype.slice.call(document.querySelectorAll('details.check'));
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.matrix-row'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('section.group'));
  var INVISIBLE = /${INVISIBLE.source}/g;

  function visible(text) {
    return String(text).replace(INVISIBLE, function (char) {
      return '\\u' + ('000' + char.charCodeAt(0).toString(16)).slice(-4);
    });
  }

  function selected(name) {
    var boxes = form ? form.querySelectorAll('input[name="' + name + '"]') : [];
    if (boxes.length === 0) return null;
    var set = {};
    Array.prototype.forEach.call(boxes, function (box) { if (box.checked) set[box.value] = true; });
    return set;
  }

  function allows(set, value) {
    return set === null || value === '' || value === undefined || set[value] === true;
  }

  function applyFilters() {
    var verdict = selected('verdict'), level = selected('level'), area = selected('area'), revision = selected('revision');
    var text = form && form.elements.text ? form.elements.text.value.trim().toLowerCase() : '';
    var shown = 0;
    checks.forEach(function (el) {
      var d = el.dataset;
      var ok = allows(verdict, d.verdict) && allows(level, d.level) && allows(area, d.area) && allows(revision, d.revision) && (text === '' || d.search.indexOf(text) !== -1);
      el.hidden = !ok;
      if (ok) shown++;
    });
    groups.forEach(function (g) { g.hidden = g.querySelector('details.check:not([hidden])') === null; });
    // Rows without verdicts (declared capabilities) are context: shown unless verdicts are filtered.
    var everyVerdict = verdict === null || Array.prototype.every.call(form.querySelectorAll('input[name="verdict"]'), function (box) { return box.checked; });
    rows.forEach(function (row) {
      var cells = Array.prototype.slice.call(row.querySelectorAll('td.cell'));
      var judged = cells.filter(function (td) { return td.dataset.verdict !== ''; });
      var inView = judged.length === 0 ? everyVerdict : judged.some(function (td) { return allows(revision, td.dataset.revision) && allows(verdict, td.dataset.verdict); });
      var levels = row.dataset.level.split(' ').filter(Boolean);
      var levelOk = levels.length === 0 || levels.some(function (l) { return allows(level, l); });
      var textOk = text === '' || row.textContent.toLowerCase().indexOf(text) !== -1;
      row.hidden = !(inView && levelOk && allows(area, row.dataset.area) && textOk);
    });
    if (status) status.textContent = 'Showing ' + shown + ' of ' + checks.length + ' checks';
  }

  function setVerdicts(wanted) {
    Array.prototype.forEach.call(form.querySelectorAll('input[type="checkbox"]'), function (box) {
      box.checked = box.name !== 'verdict' || wanted === null || wanted.indexOf(box.value) !== -1;
    });
    if (wanted === null) form.elements.text.value = '';
    applyFilters();
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = visible(text);
    return node;
  }

  var ARROWS = { 'client->server': '\u2192', 'server->client': '\u2190', harness: '\u00b7' };

  function entryNode(e) {
    var direction = String(e.direction || '').replace(/[^a-z]/g, '');
    var node = el('div', 'entry dir-' + direction);
    var head = [String(Number(e.t).toFixed(1)) + ' ms', e.connection, ARROWS[e.direction] || e.direction, e.kind];
    if (e.http && e.http.method) head.push(e.http.method + ' ' + (e.http.url || ''));
    if (e.http && e.http.status !== undefined) head.push('HTTP ' + e.http.status);
    if (e.sse && (e.sse.event || e.sse.id || e.sse.retry !== undefined)) head.push('sse ' + JSON.stringify(e.sse));
    if (e.truncated) head.push('[' + e.bytes + ' bytes, truncated]');
    if (e.note) head.push('(' + e.note + ')');
    node.appendChild(el('div', 'entry-head', head.join('  ')));
    if (e.http && e.http.headers) {
      var lines = Object.keys(e.http.headers).map(function (k) { return k + ': ' + e.http.headers[k]; });
      if (lines.length) node.appendChild(el('pre', 'headers', lines.join('\n')));
    }
    if (e.schema) node.appendChild(el('div', 'schema-issue', 'schema ' + e.schema.def + ': ' + (e.schema.issues || []).join('; ')));
    if (e.message !== undefined) node.appendChild(el('pre', 'message', JSON.stringify(e.message, null, 2)));
    else if (e.text !== undefined) node.appendChild(el('pre', 'raw', e.text));
    if (e.hex) node.appendChild(el('pre', 'hex', 'hex ' + e.hex));
    return node;
  }

  function entriesFor(source) {
    var parts = String(source).split(':');
    var i = Number(parts[1]);
    if (parts[0] === 'check') return data.checks[i] && data.checks[i].transcript;
    if (parts[0] === 'revision') return data.revisions[i] && data.revisions[i].discoveryTranscript;
    if (parts[0] === 'fuzz') return data.fuzz && data.fuzz.findings[i] && data.fuzz.findings[i].transcript;
    if (parts[0] === 'fuzz-warning') return data.fuzz && data.fuzz.warnings && data.fuzz.warnings[i] && data.fuzz.warnings[i].transcript;
    return undefined;
  }

  function drawTranscript(details) {
    var body = details.querySelector('.transcript-body');
    if (!details.open || !body || body.dataset.drawn) return;
    body.dataset.drawn = 'yes';
    var entries = entriesFor(details.dataset.source) || [];
    entries.forEach(function (e) { body.appendChild(entryNode(e)); });
  }

  Array.prototype.forEach.call(document.querySelectorAll('details.transcript'), function (details) {
    details.addEventListener('toggle', function () { drawTranscript(details); });
    drawTranscript(details);
  });

  if (form) {
    form.addEventListener('change', applyFilters);
    form.addEventListener('input', applyFilters);
    form.addEventListener('submit', function (event) { event.preventDefault(); });
    form.addEventListener('click', function (event) {
      var action = event.target && event.target.dataset ? event.target.dataset.action : undefined;
      if (action === 'problems') setVerdicts(['fail', 'error', 'unstable', 'warn']);
      else if (action === 'all') setVerdicts(null);
      else if (action === 'expand' || action === 'collapse') {
        checks.forEach(function (c) { if (!c.hidden) c.open = action === 'expand'; });
      }
    });
  }
  // A link to a check (a matrix cell, a baseline entry) opens it: the lines start closed.
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (target && target.tagName === 'DETAILS') target.open = true;
  }
  window.addEventListener('hashchange', openTarget);
  openTarget();
  applyFilters();
  document.documentElement.dataset.ready = 'yes';
})();
`;

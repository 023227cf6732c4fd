// The matrix page's only script: the filters. It reads data-* attributes the page was rendered
// with and only toggles `hidden`; it never builds markup.
export const MATRIX_SCRIPT = String.raw`(function () {
  'use strict';
  var form = document.getElementById('filters');
  var status = document.getElementById('filter-status');
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.check-row'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('tbody.group'));
  var heads = Array.prototype.slice.call(document.querySelectorAll('[data-impl]'));

  function selected(name) {
    var set = {};
    Array.prototype.forEach.call(form.querySelectorAll('input[name="' + name + '"]'), function (box) { if (box.checked) set[box.value] = true; });
    return set;
  }

  function apply() {
    var verdict = selected('verdict'), level = selected('level'), revision = selected('revision'), area = selected('area'), impl = selected('impl');
    var text = form.elements.text.value.trim().toLowerCase();
    var uniqueOnly = form.elements['unique-only'].checked;
    var shown = 0;
    rows.forEach(function (row) {
      var d = row.dataset;
      var cells = Array.prototype.slice.call(row.querySelectorAll('td.cell'));
      var cellOk = cells.some(function (td) { return impl[td.dataset.impl] && td.dataset.verdict !== '' && verdict[td.dataset.verdict]; });
      var ok = cellOk && level[d.level] && revision[d.revision] && area[d.area] && (text === '' || d.search.indexOf(text) !== -1) && (!uniqueOnly || (d.unique !== '' && impl[d.unique]));
      row.hidden = !ok;
      if (ok) shown++;
    });
    groups.forEach(function (g) { g.hidden = g.querySelector('tr.check-row:not([hidden])') === null; });
    heads.forEach(function (el) { if (el.closest('table.impl-matrix')) el.hidden = !impl[el.dataset.impl]; });
    status.textContent = 'Showing ' + shown + ' of ' + rows.length + ' checks';
  }

  function setVerdicts(wanted) {
    Array.prototype.forEach.call(form.querySelectorAll('input[type="checkbox"]'), function (box) {
      if (box.name === 'unique-only') box.checked = false;
      else box.checked = box.name !== 'verdict' || wanted === null || wanted.indexOf(box.value) !== -1;
    });
    if (wanted === null) form.elements.text.value = '';
    apply();
  }

  form.addEventListener('change', apply);
  form.addEventListener('input', apply);
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  form.addEventListener('click', function (event) {
    var action = event.target && event.target.dataset ? event.target.dataset.action : undefined;
    if (action === 'problems') setVerdicts(['fail', 'error', 'unstable', 'warn']);
    else if (action === 'all') setVerdicts(null);
  });
  apply();
  document.documentElement.dataset.ready = 'yes';
})();
`;

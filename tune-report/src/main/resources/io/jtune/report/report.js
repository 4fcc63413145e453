(function () {
  'use strict';
  var STATES = ['done', 'stopped', 'error', 'running', 'paused', 'pending'];
  var COLORS = { done: '#5470c6', stopped: '#9a9a9a', error: '#ee6666', running: '#3ba272', paused: '#fac858', pending: '#fc8452' };
  // ?renderer=svg draws with SVG (every label an element: for printing and for layout checks)
  var RENDERER = /[?&]renderer=svg(&|$)/.test(location.search) ? 'svg' : 'canvas';
  var status = document.getElementById('jtune-status');
  var problems = [];
  window.addEventListener('error', function (e) { problem(e.message || String(e)); });

  function problem(text) {
    problems.push(text);
    document.getElementById('problems').textContent = problems.join('\n');
    status.dataset.errors = String(problems.length);
  }

  function chart(id) {
    var el = document.getElementById(id);
    return echarts.getInstanceByDom(el) || echarts.init(el, null, { renderer: RENDERER });
  }

  function text(v) {
    if (v === null || v === undefined) { return ''; }
    if (typeof v === 'number') { return Number.isInteger(v) ? String(v) : v.toPrecision(5); }
    return String(v);
  }

  /** A number as an axis label: 4 significant digits, no trailing zeros. */
  function tick(v) { return typeof v === 'number' ? String(Number(v.toPrecision(4))) : text(v); }

  /** [min, max, interval] of a linear axis around lo..hi, on multiples of a 1-2-5 step, so no label is an odd value. */
  function niceRange(lo, hi) {
    if (!isFinite(lo) || !isFinite(hi)) { return [0, 1, 0.2]; }
    if (hi === lo) { var half = Math.abs(lo) * 0.05 || 1; lo -= half; hi += half; }
    var raw = (hi - lo) / 5, magnitude = Math.pow(10, Math.floor(Math.log10(raw))), step = magnitude;
    [1, 2, 2.5, 5, 10].some(function (m) { step = m * magnitude; return step >= raw; });
    var min = Math.floor(lo / step) * step, max = Math.ceil(hi / step) * step;
    return [Number(min.toPrecision(12)), Number(max.toPrecision(12)), step];
  }

  function header(data) {
    document.getElementById('title').textContent = data.name + ' — ' + data.metric + ' (' + data.mode + ')';
    var counts = {};
    data.trials.forEach(function (t) { counts[t.status] = (counts[t.status] || 0) + 1; });
    var parts = [data.trials.length + ' trials'];
    Object.keys(counts).sort().forEach(function (s) { parts.push(counts[s] + ' ' + s); });
    document.getElementById('counts').textContent = parts.join(' · ');
    document.getElementById('generated').textContent = (live ? 'live, updated ' : 'written ') + new Date().toLocaleString();
  }

  function curves(data) {
    var byState = {}, failedAt = [];
    var xMax = 1, yMin = Infinity, yMax = -Infinity, drawn = 0;
    data.trials.forEach(function (t) {
      if (t.curve.length === 0) { return; }
      if (t.state === 'error') { failedAt.push(t.curve[t.curve.length - 1].concat([t.id])); }
      var coords = t.curve.length === 1 ? [t.curve[0], t.curve[0]] : t.curve;
      (byState[t.state] = byState[t.state] || []).push({ name: t.id, coords: coords });
      drawn++;
      t.curve.forEach(function (p) {
        xMax = Math.max(xMax, p[0]); yMin = Math.min(yMin, p[1]); yMax = Math.max(yMax, p[1]);
      });
    });
    var series = STATES.filter(function (s) { return byState[s]; }).map(function (s) {
      return { type: 'lines', name: s, coordinateSystem: 'cartesian2d', polyline: true, data: byState[s],
        lineStyle: { color: COLORS[s], width: s === 'error' ? 2 : 1, type: s === 'stopped' ? 'dashed' : 'solid', opacity: data.trials.length > 200 ? 0.35 : 0.8 } };
    });
    if (failedAt.length > 0) {
      series.push({ type: 'scatter', name: 'error', data: failedAt, symbol: 'triangle', symbolSize: 9, itemStyle: { color: COLORS.error } });
    }
    if (data.earlyStops.length > 0) {
      series.push({ type: 'line', name: 'early stops', data: [], markLine: { symbol: 'none', silent: true, label: { formatter: 'cut @{c}' },
        lineStyle: { color: '#999', type: 'dotted' }, data: data.earlyStops.map(function (x) { return { xAxis: x }; }) } });
    }
    var y = niceRange(yMin, yMax); // lines series take no part in the axis' extent: it is set here
    chart('curves').setOption({
      animation: false,
      legend: { top: 0 },
      tooltip: { trigger: 'item', formatter: function (p) {
        if (p.seriesName === 'early stops') { return 'early stops at ' + p.value; }
        if (p.seriesType === 'scatter') { return 'trial ' + p.value[2] + ' failed after iteration ' + p.value[0]; }
        return 'trial ' + p.name + ' (' + p.seriesName + ')';
      } },
      grid: { left: 60, right: 20, top: 40, bottom: 40 },
      xAxis: { type: 'value', name: 'training_iteration', nameLocation: 'middle', nameGap: 25, min: 0, max: xMax },
      yAxis: { type: 'value', name: data.metric, min: y[0], max: y[1], interval: y[2], axisLabel: { formatter: tick } },
      series: series
    }, true);
    status.dataset.curves = String(drawn);
  }

  function history(data) {
    var points = [], best = [], incumbent = null;
    var better = data.mode === 'max' ? function (a, b) { return a > b; } : function (a, b) { return a < b; };
    data.trials.forEach(function (t, i) {
      if (t.best === null) { return; }
      points.push([i, t.best, t.id]);
      if (incumbent === null || better(t.best, incumbent)) { incumbent = t.best; }
      best.push([i, incumbent]);
    });
    chart('history').setOption({
      animation: false,
      legend: { top: 0 },
      tooltip: { trigger: 'item', formatter: function (p) { return (p.value[2] ? 'trial ' + p.value[2] + ': ' : 'best: ') + text(p.value[1]); } },
      grid: { left: 60, right: 20, top: 40, bottom: 40 },
      xAxis: { type: 'value', name: 'trial', nameLocation: 'middle', nameGap: 25 },
      yAxis: { type: 'value', name: data.metric, scale: true },
      series: [
        { type: 'scatter', name: 'trial best', data: points, symbolSize: data.trials.length > 1000 ? 3 : 6, large: data.trials.length > 2000 },
        { type: 'line', name: 'best so far', step: 'end', showSymbol: false, data: best, lineStyle: { color: '#ee6666' } }
      ]
    }, true);
  }

  /** A parameter's axis: its values as categories (in numeric order for numbers), a log axis or a linear one (ParamAxis). */
  function paramAxis(data, p, i) {
    var kind = p.axis || (p.numeric ? 'value' : 'category');
    var axis = { dim: i, name: p.name, type: kind, axisLabel: { hideOverlap: true, formatter: kind === 'category' ? null : tick } };
    if (kind === 'value') { axis.scale = true; }
    if (kind === 'category') {
      var values = {};
      data.trials.forEach(function (t) { if (t.config[p.name] !== undefined) { values[text(t.config[p.name])] = t.config[p.name]; } });
      axis.data = Object.keys(values).sort(function (a, b) {
        var x = values[a], y = values[b];
        return typeof x === 'number' && typeof y === 'number' ? x - y : a.localeCompare(b);
      });
    }
    return axis;
  }

  function parallel(data) {
    var axes = data.params.map(function (p, i) { return paramAxis(data, p, i); });
    axes.push({ dim: data.params.length, name: data.metric, type: 'value', scale: true, axisLabel: { hideOverlap: true, formatter: tick } });
    var rows = [], lo = Infinity, hi = -Infinity;
    data.trials.forEach(function (t) {
      if (t.best === null) { return; }
      rows.push(data.params.map(function (p, i) { var v = t.config[p.name]; return axes[i].type === 'category' ? text(v) : v; }).concat([t.best]));
      lo = Math.min(lo, t.best); hi = Math.max(hi, t.best);
    });
    var min = isFinite(lo) ? lo : 0, max = isFinite(hi) && hi > lo ? hi : min + 1;
    chart('parallel').setOption({
      animation: false,
      parallelAxis: axes,
      parallel: { left: 50, right: 130, top: 50, bottom: 30 },
      visualMap: { show: true, type: 'continuous', dimension: data.params.length, min: min, max: max,
        text: [data.metric + ' ' + tick(max), tick(min)], textGap: 6,
        inRange: { color: data.mode === 'max' ? ['#d94e5d', '#eac736', '#50a3ba'] : ['#50a3ba', '#eac736', '#d94e5d'] }, right: 10, top: 'middle', itemHeight: 120 },
      series: [{ type: 'parallel', data: rows, lineStyle: { width: 1, opacity: rows.length > 1000 ? 0.15 : 0.6 }, progressive: 500 }]
    }, true);
  }

  function importance(data) {
    var items = data.importance.slice().sort(function (a, b) { return a.value - b.value; });
    chart('importance').setOption({
      animation: false,
      tooltip: { trigger: 'item' },
      grid: { left: 10, right: 30, top: 20, bottom: 40, containLabel: true },
      xAxis: { type: 'value', max: 1, name: 'share of the variance', nameLocation: 'middle', nameGap: 25 },
      yAxis: { type: 'category', data: items.map(function (i) { return i.param; }) },
      series: [{ type: 'bar', data: items.map(function (i) { return Number(i.value.toFixed(4)); }) }]
    }, true);
  }

  var sort = { column: null, descending: false };

  /** The checkpoint's folder inside its trial's folder (the whole path is the cell's tooltip). */
  function checkpointInTrial(t) {
    return t.checkpoint ? t.checkpoint.replace(/^.*[\\/]/, '') : null;
  }

  function table(data) {
    var columns = [
      { title: 'trial', value: function (t) { return t.id; } },
      { title: 'status', value: function (t) { return t.state === 'stopped' ? 'TERMINATED (stopped early)' : t.status; } }
    ];
    data.params.forEach(function (p) { columns.push({ title: p.name, value: function (t) { return t.config[p.name]; } }); });
    columns.push({ title: 'last ' + data.metric, value: function (t) { return t.last; } },
      { title: 'best ' + data.metric, value: function (t) { return t.best; } },
      { title: 'iterations', value: function (t) { return t.iters; } },
      { title: 'checkpoint', value: function (t) { return checkpointInTrial(t); }, tooltip: function (t) { return t.checkpoint; }, css: 'checkpoint' },
      { title: 'error', value: function (t) { return t.error; }, css: 'error' });
    var rows = data.trials.slice();
    if (sort.column !== null && sort.column < columns.length) {
      var get = columns[sort.column].value, sign = sort.descending ? -1 : 1;
      rows.sort(function (a, b) {
        var x = get(a), y = get(b);
        if (x === y) { return 0; }
        if (x === null || x === undefined) { return 1; }
        if (y === null || y === undefined) { return -1; }
        return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sign;
      });
    }
    var el = document.getElementById('trials');
    var head = document.createElement('tr');
    columns.forEach(function (c, i) {
      var th = document.createElement('th');
      th.textContent = c.title;
      if (i === sort.column) { th.className = sort.descending ? 'sorted-desc' : 'sorted-asc'; }
      th.addEventListener('click', function () {
        sort.descending = sort.column === i ? !sort.descending : false;
        sort.column = i;
        table(current);
      });
      head.appendChild(th);
    });
    el.tHead.replaceChildren(head);
    var body = document.createDocumentFragment();
    rows.forEach(function (t) {
      var tr = document.createElement('tr');
      tr.className = 'state-' + t.state;
      tr.dataset.trial = t.id;
      columns.forEach(function (c) {
        var td = document.createElement('td');
        td.textContent = text(c.value(t));
        if (c.css) { td.className = c.css; }
        if (c.tooltip && c.tooltip(t)) { td.title = c.tooltip(t); }
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    el.tBodies[0].replaceChildren(body);
    status.dataset.rows = String(rows.length);
  }

  function pad2(n) { return (n < 10 ? '0' : '') + n; }

  function date(seconds) {
    var d = new Date(seconds * 1000);
    return d.getFullYear() + '-' + pad2(d.getMonth() + 1) + '-' + pad2(d.getDate()) + ' ' + pad2(d.getHours()) + ':' + pad2(d.getMinutes()) + ':' + pad2(d.getSeconds());
  }

  function simpleName(type) { return String(type).replace(/^.*[.$]/, ''); }

  function list(values) { return values.map(function (v) { return typeof v === 'object' && v !== null && v.type ? simpleName(v.type) : text(v); }).join(', '); }

  function resources(r) {
    var parts = [text(r.cpu) + ' CPU'];
    if (r.gpu > 0) { parts.push(text(r.gpu) + ' GPU'); }
    if (r.memory_bytes > 0) { parts.push(text(Math.round(r.memory_bytes / 1048576)) + ' MiB'); }
    Object.keys(r.custom || {}).forEach(function (k) { parts.push(text(r.custom[k]) + ' ' + k); });
    return parts.join(', ');
  }

  function checkpoints(c) {
    var parts = [];
    if (c.frequency > 0) { parts.push('every ' + c.frequency + ' iterations'); }
    if (c.at_end) { parts.push('at the end'); }
    if (parts.length === 0) { return 'only those the trainable reports'; }
    parts.push(c.keep > 0 ? 'keeping ' + c.keep + (c.score_attribute ? ' best by ' + c.score_attribute + ' (' + String(c.score_mode).toLowerCase() + ')' : ' latest') : 'keeping all');
    return parts.join(', ');
  }

  function yesNo(v) { return v ? 'yes' : 'no'; }

  /** The settings a reader looks for, in reading order: key path, label, how its value reads. */
  var SETTINGS = [
    ['runner.experiment', 'experiment'], ['runner.trainable', 'trainable'], ['timestamp', 'saved at', date],
    ['runner.metric', 'metric'], ['runner.mode', 'mode'], ['runner.metrics', 'objectives', list], ['runner.modes', 'objective modes', list],
    ['settings.num_samples', 'samples'], ['settings.space_parameters', 'searched parameters', list],
    ['searcher.type', 'searcher', simpleName], ['scheduler.type', 'scheduler', simpleName], ['stoppers', 'stoppers', list],
    ['runner.seed', 'seed'], ['settings.deterministic_width', 'deterministic mode', function (v) { return v > 0 ? 'on, width ' + v : 'off'; }],
    ['settings.max_concurrent_trials', 'trials at once', function (v) { return v > 0 ? v : 'as resources allow'; }],
    ['settings.resources', 'resources per trial', resources],
    ['settings.max_failures', 'retries of a failed trial', function (v) { return v < 0 ? 'without limit' : v === 0 ? 'none' : v; }],
    ['settings.fail_fast', 'fail fast', function (v) { return String(v).toLowerCase(); }],
    ['settings.checkpoint', 'checkpoints', checkpoints], ['settings.reuse_trainables', 'reuse trainables', yesNo],
    ['runner.stopped', 'stopped before its end', yesNo]
  ];
  /** Internal bookkeeping a reader has no use for. */
  var UNSHOWN = ['format', 'runner.trial_id_prefix', 'searcher', 'scheduler'];

  function lookup(root, path) {
    return path.split('.').reduce(function (v, k) { return v === null || v === undefined ? undefined : v[k]; }, root);
  }

  function isEmpty(v) {
    return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && Object.keys(v).length === 0);
  }

  function settings(data) {
    var rows = [], shown = {};
    SETTINGS.forEach(function (s) {
      shown[s[0]] = true;
      var v = lookup(data.settings, s[0]);
      if (!isEmpty(v)) { rows.push([s[1], text(s[2] ? s[2](v) : v)]); }
    });
    UNSHOWN.forEach(function (k) { shown[k] = true; });
    // anything else (a newer format's setting), by its key in words
    function walk(prefix, value) {
      if (shown[prefix] || isEmpty(value)) { return; }
      if (typeof value === 'object' && !Array.isArray(value)) {
        Object.keys(value).forEach(function (k) { if (k !== 'state') { walk(prefix ? prefix + '.' + k : k, value[k]); } });
      } else {
        rows.push([prefix.replace(/^(runner|settings)\./, '').replace(/[._]/g, ' '), Array.isArray(value) ? list(value) : text(value)]);
      }
    }
    walk('', data.settings);
    var body = document.createDocumentFragment();
    rows.forEach(function (r) {
      var tr = document.createElement('tr');
      r.forEach(function (cell) { var td = document.createElement('td'); td.textContent = cell; tr.appendChild(td); });
      body.appendChild(tr);
    });
    document.querySelector('#settings tbody').replaceChildren(body);
  }

  var current = null;
  var live = JSON.parse(document.getElementById('jtune-live').textContent);

  function render(data) {
    current = data;
    [header, curves, history, parallel, importance, table, settings].forEach(function (part) {
      try { part(data); } catch (e) { problem(part.name + ': ' + e.message); }
    });
    if (status.dataset.rendered !== 'true') { status.dataset.firstRenderMillis = String(Math.round(performance.now())); }
    status.dataset.rendered = 'true';
    status.dataset.renders = String(Number(status.dataset.renders) + 1);
  }

  window.addEventListener('resize', function () {
    ['curves', 'history', 'parallel', 'importance'].forEach(function (id) { chart(id).resize(); });
  });

  render(JSON.parse(document.getElementById('jtune-data').textContent));

  if (live) {
    var headers = { Authorization: 'Bearer ' + live.token };
    var refreshing = false, again = false;
    var refresh = function () {
      if (refreshing) { again = true; return; }
      refreshing = true;
      fetch(live.data, { headers: headers }).then(function (r) {
        if (!r.ok) { throw new Error('GET ' + live.data + ': HTTP ' + r.status); }
        return r.json();
      }).then(render).catch(function (e) { problem(e.message); }).finally(function () {
        refreshing = false;
        if (again) { again = false; setTimeout(refresh, live.minRefreshMillis); }
      });
    };
    var events = new EventSource(live.events + '?token=' + encodeURIComponent(live.token));
    var timer = null;
    events.onmessage = function () {
      if (timer === null) { timer = setTimeout(function () { timer = null; refresh(); }, live.minRefreshMillis); }
    };
    setInterval(refresh, live.pollMillis);
  }
})();

// The broker's console: reads /console/state every second and renders it. Every name and value
// from the broker is set as text (textContent), never parsed as markup. Writes go through the REST
// API with the administrator's token the user types; the token stays in this page's memory.
'use strict';

(() => {
  const POLL_MILLIS = 1000;
  const SVG = 'http://www.w3.org/2000/svg';
  let token = null;
  let previous = null; // {selections, at} of the last state with a selection count
  let chartOffer = null;
  let latest = null;
  let rendered = null; // what the tables show, as JSON

  const byId = (id) => document.getElementById(id);

  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) {
      node.textContent = String(text);
    }
    if (className) {
      node.className = className;
    }
    return node;
  }

  function svg(tag, attributes, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) {
      node.setAttribute(name, String(value));
    }
    if (text !== undefined) {
      node.textContent = String(text);
    }
    return node;
  }

  function row(cells) {
    const tr = document.createElement('tr');
    for (const cell of cells) {
      tr.appendChild(cell instanceof Node ? cell : el('td', cell));
    }
    return tr;
  }

  function headers() {
    const result = { Accept: 'application/json' };
    if (token) {
      result.Authorization = 'Bearer ' + token;
    }
    return result;
  }

  function setStatus(text, warning) {
    const status = byId('status');
    status.textContent = text;
    status.className = warning ? 'warning' : '';
  }

  async function poll() {
    try {
      const response = await fetch('state', { headers: headers(), cache: 'no-store' });
      const body = await response.json();
      if (response.ok) {
        render(body);
      } else {
        setStatus('The broker refused: ' + body.message, true);
      }
    } catch (e) {
      setStatus('The broker does not answer', true);
    } finally {
      setTimeout(poll, POLL_MILLIS);
    }
  }

  function render(state) {
    latest = state;
    let status = 'Registry version ' + state.registryVersion + ' at ' + time(state.at);
    if (state.mayBeStale) {
      status += ' (may be stale: the database has not confirmed it lately)';
    }
    if (!state.databaseAnswered) {
      status += ' (database unavailable: providers and services from the offers)';
    }
    setStatus(status, state.mayBeStale || !state.databaseAnswered);
    renderRate(state);
    // Tables are rebuilt only when what they show changed, so that rows stay put between changes.
    const shown = JSON.stringify([state.offers, state.providers, state.services]);
    if (shown !== rendered) {
      rendered = shown;
      renderOffers(state.offers);
      byId('providers').tBodies[0].replaceChildren(
        ...state.providers.map((p) => row([el('td', p.id, 'number'), el('td', p.name, 'name')])));
      byId('services').tBodies[0].replaceChildren(
        ...state.services.map((s) => row([el('td', s.id, 'number'), s.portType, s.wsdlLocation])));
    }
    renderChart();
  }

  function renderRate(state) {
    const rate = byId('rate');
    if (state.selections === null || state.selections === undefined) {
      rate.textContent = 'Selections: not counted (metrics off)';
      return;
    }
    const now = { selections: state.selections, at: Date.parse(state.at) };
    if (previous && now.at > previous.at) {
      const perSecond = ((now.selections - previous.selections) * 1000) / (now.at - previous.at);
      rate.textContent = 'Selections: ' + perSecond.toFixed(1) + ' per second';
    }
    previous = now;
  }

  function renderOffers(offers) {
    byId('offers').tBodies[0].replaceChildren(...offers.map(offerRow));
  }

  function offerRow(item) {
    const c = item.candidate;
    const terms = c.offer.terms;
    const tr = row([
      el('td', c.offer.id, 'number'),
      el('td', c.provider.name, 'provider'),
      el('td', c.service.portType),
      el('td', c.endpoint.address),
      el('td', terms.price + ' ' + terms.currency, 'number price'),
      validityCell(item.validity, terms),
      el('td', offered(terms)),
      measuredCell(item),
      chartButton(c),
    ]);
    tr.dataset.offer = String(c.offer.id);
    if (item.flagged) {
      tr.className = 'flagged';
    }
    return tr;
  }

  function validityCell(validity, terms) {
    const td = el('td');
    const word = { VALID: 'valid', PENDING: 'pending', EXPIRED: 'expired' }[validity];
    td.appendChild(el('span', word, 'badge ' + word));
    const from = Date.parse(terms.validFrom) > 0 ? ' from ' + moment(terms.validFrom) : '';
    const until = terms.validUntil ? ' until ' + moment(terms.validUntil) : ' without end';
    td.appendChild(document.createTextNode(from + until));
    return td;
  }

  function offered(terms) {
    return '≤ ' + terms.maxResponseTimeMillis + ' ms, availability ' + terms.availability +
      ', ' + terms.throughputPerSecond + '/s';
  }

  function measuredCell(item) {
    const td = el('td', null, 'measured');
    const measured = item.candidate.measured;
    if (!measured) {
      td.textContent = 'no reports';
      return td;
    }
    for (const op of measured.operations) {
      td.appendChild(el('div', op.operation + ': p95 ' + op.p95Millis.toFixed(0) + ' ms, availability ' +
        op.availability.toFixed(4) + ' (' + op.requests + ' requests)'));
    }
    if (item.flagged) {
      const badge = el('span', 'broken', 'badge broken');
      badge.title = measured.reason;
      td.appendChild(badge);
      td.appendChild(el('div', measured.reason));
    }
    return td;
  }

  function chartButton(candidate) {
    const td = el('td');
    const button = el('button', 'Price chart');
    button.type = 'button';
    button.addEventListener('click', () => {
      chartOffer = candidate.offer.id;
      renderChart();
    });
    td.appendChild(button);
    return td;
  }

  function renderChart() {
    const section = byId('chart-section');
    const item = latest && latest.offers.find((o) => o.candidate.offer.id === chartOffer);
    if (!item) {
      section.hidden = true;
      return;
    }
    section.hidden = false;
    byId('chart-title').textContent = 'Price over time: offer ' + chartOffer + ' of ' +
      item.candidate.provider.name;
    drawChart(byId('chart'), item.prices, Date.parse(latest.at));
  }

  // A step line: each price holds from its point until the next one (or now).
  function drawChart(chart, points, now) {
    const width = 640, height = 180, left = 56, right = 12, top = 12, bottom = 28;
    const first = Date.parse(points[0].at);
    const span = Math.max(now - first, 1000);
    const prices = points.map((p) => Number(p.price));
    let low = Math.min(...prices), high = Math.max(...prices);
    if (high === low) {
      low = Math.max(0, low - 0.05);
      high = high + 0.05;
    }
    const x = (t) => left + ((t - first) / span) * (width - left - right);
    const y = (p) => top + ((high - p) / (high - low)) * (height - top - bottom);
    const nodes = [
      svg('line', { class: 'axis', x1: left, y1: top, x2: left, y2: height - bottom }),
      svg('line', { class: 'axis', x1: left, y1: height - bottom, x2: width - right, y2: height - bottom }),
      svg('text', { x: 4, y: top + 10 }, high.toFixed(2)),
      svg('text', { x: 4, y: height - bottom }, low.toFixed(2)),
      svg('text', { x: left, y: height - 8 }, time(points[0].at)),
      svg('text', { x: width - right, y: height - 8, 'text-anchor': 'end' }, 'now ' + points[points.length - 1].currency),
    ];
    let path = '';
    points.forEach((p, i) => {
      const t = Date.parse(p.at);
      const next = i + 1 < points.length ? Date.parse(points[i + 1].at) : now;
      path += x(t) + ',' + y(prices[i]) + ' ' + x(next) + ',' + y(prices[i]) + ' ';
      nodes.push(svg('circle', { class: 'dot', cx: x(t), cy: y(prices[i]), r: 3 }));
    });
    nodes.push(svg('polyline', { class: 'line', points: path.trim() }));
    chart.replaceChildren(...nodes);
  }

  function time(iso) {
    return new Date(iso).toLocaleTimeString();
  }

  function moment(iso) {
    return new Date(iso).toLocaleString();
  }

  async function setPrice(offerId, price) {
    const result = byId('write-result');
    const url = '../api/offers/' + encodeURIComponent(offerId);
    const read = await fetch(url, { headers: headers(), cache: 'no-store' });
    if (!read.ok) {
      result.textContent = 'Offer ' + offerId + ': ' + read.status + ' ' + (await read.json()).message;
      return;
    }
    const offer = await read.json();
    const terms = Object.assign({}, offer.terms, { price: price });
    const write = await fetch(url, {
      method: 'PUT',
      headers: Object.assign(headers(), { 'Content-Type': 'application/json', 'If-Match': read.headers.get('ETag') }),
      body: JSON.stringify({ terms: terms }),
    });
    const answer = await write.json();
    result.textContent = write.ok
      ? 'Offer ' + offerId + ' now ' + answer.terms.price + ' ' + answer.terms.currency
      : 'Refused (' + write.status + '): ' + answer.message;
  }

  function start() {
    byId('token-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const input = byId('token');
      token = input.value.trim() || null;
      input.value = '';
      byId('price-form').hidden = token === null;
      byId('forget').hidden = token === null;
    });
    byId('forget').addEventListener('click', () => {
      token = null;
      byId('price-form').hidden = true;
      byId('forget').hidden = true;
    });
    byId('price-form').addEventListener('submit', (event) => {
      event.preventDefault();
      setPrice(byId('price-offer').value, byId('price-value').value.trim()).catch(() => {
        byId('write-result').textContent = 'The broker does not answer';
      });
    });
    poll();
  }

  start();
})();

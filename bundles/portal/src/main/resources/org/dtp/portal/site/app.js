// The portal: sign in, choose what to move and where, sign in at each side, estimate, start, follow, summary,
// past transfers, scheduled syncs. Views are sections of index.html; the route is the URL's fragment (#/new,
// #/history, #/syncs, #/transfer/<id>). Only the REST API is called; nothing but the credentials and the choices in progress (without
// the app passwords typed into them) is kept, in this tab's session storage, so that a sign-in at a provider (which
// leaves the page) comes back to them. The credentials are the API token, or for a user of the server's realm the
// HTTP Basic header, which holds that user's password: people should sign in with a token where they can.
import * as api from './api.js';
import { follow } from './events.js';
import * as format from './format.js';
import * as forms from './forms.js';

const $ = (id) => document.getElementById(id);
const WIZARD = 'dtp.wizard';
const SIDES = { source: 'EXPORT', destination: 'IMPORT' };

let me = null;
let adapters = [];
let signInProviders = [];
let stream = null;
/** The estimate shown on the new-transfer form, kept with the transfer it precedes (for bars and time left). */
let lastEstimate = null;

// ---- views and routing ----

function show(view) {
  for (const section of document.querySelectorAll('main > section')) section.hidden = section.id !== `view-${view}`;
  $('nav').hidden = view === 'signin';
  for (const [link, name] of [['nav-new', 'new'], ['nav-history', 'history'], ['nav-syncs', 'syncs']]) {
    if (name === view) $(link).setAttribute('aria-current', 'page'); else $(link).removeAttribute('aria-current');
  }
  const heading = document.querySelector(`#view-${view} h2`);
  document.title = `${heading.textContent} - dtp`;
  heading.focus();
}

function notice(message) {
  $('notice').textContent = message || '';
  $('notice').hidden = !message;
}

async function route() {
  if (stream) { stream.stop(); stream = null; }
  notice('');
  if (!api.credentials.get() || !me) {
    show('signin');
    return;
  }
  const hash = location.hash || '#/new';
  const transfer = hash.match(/^#\/transfer\/([0-9a-f-]{36})$/);
  try {
    if (transfer) await openTransfer(transfer[1]);
    else if (hash === '#/history') await openHistory();
    else if (hash === '#/syncs') await openSyncs();
    else await openNew();
  } catch (e) {
    if (e.status === 401) return signOut('Your sign-in is no longer valid; sign in again.');
    notice(e.message);
  }
}

// ---- sign in ----

async function signIn(authorization) {
  me = await api.call('GET', '/me', undefined, authorization);
  api.credentials.set(authorization);
  $('who').textContent = `(${me.name})`;
}

function signOut(message) {
  api.credentials.clear();
  sessionStorage.removeItem(WIZARD);
  me = null;
  location.hash = '';
  show('signin');
  if (message) notice(message);
}

function setUpSignIn() {
  const form = $('signin-form');
  form.addEventListener('change', () => {
    const basic = form.method.value === 'basic';
    $('signin-basic').hidden = !basic;
    $('signin-token').hidden = basic;
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = $('signin-error');
    error.hidden = true;
    const basic = form.method.value === 'basic';
    if (basic ? !form.username.value || !form.password.value : !form.token.value.trim()) {
      error.textContent = basic ? 'Enter your user name and password.' : 'Enter your access token.';
      error.hidden = false;
      return;
    }
    try {
      await signIn(basic ? api.basic(form.username.value, form.password.value) : api.bearer(form.token.value));
      form.reset();
      $('signin-basic').hidden = true;
      $('signin-token').hidden = false;
      await route();
    } catch (e) {
      error.textContent = e.status === 401 ? 'These credentials were not accepted.' : e.message;
      error.hidden = false;
    }
  });
  $('sign-out').addEventListener('click', () => signOut('You are signed out.'));
}

// ---- a new transfer ----

function wizard() {
  try {
    return JSON.parse(sessionStorage.getItem(WIZARD)) || {};
  } catch {
    return {};
  }
}

function saveWizard(state) {
  sessionStorage.setItem(WIZARD, JSON.stringify(state));
}

/** The adapters that offer direction for vertical (names as the API gives them: MEDIA, EXPORT...). */
function offering(vertical, direction) {
  return adapters.filter((a) => !a.revoked && (a.verticals[vertical] || []).includes(direction));
}

async function openNew() {
  const [verticals, installed, providers] = await Promise.all([api.get('/verticals'), api.get('/adapters'),
    api.get('/authorizations')]);
  adapters = installed;
  signInProviders = providers.providers || [];
  const movable = verticals.filter((v) => offering(v.name, 'EXPORT').length && offering(v.name, 'IMPORT').length);
  const state = wizard();
  const select = $('vertical');
  select.replaceChildren(...movable.map((v) => new Option(v.description ? `${label(v.name)}: ${v.description}` : label(v.name), v.name)));
  $('vertical-hint').textContent = movable.length ? '' : 'No installed adapters can move anything yet: ask the operator to install some.';
  if (state.vertical && movable.some((v) => v.name === state.vertical)) select.value = state.vertical;
  fillSides(state);
  show('new');
  await resumeSignIn(state);
}

function label(vertical) {
  return vertical.charAt(0) + vertical.slice(1).toLowerCase();
}

function fillSides(state) {
  const vertical = $('vertical').value;
  for (const [side, direction] of Object.entries(SIDES)) {
    const select = $(`${side}-provider`);
    select.replaceChildren(...offering(vertical, direction).map((a) => new Option(a.name, a.provider)));
    const saved = state[side];
    if (saved && [...select.options].some((o) => o.value === saved.provider)) select.value = saved.provider;
    renderSide(side, saved && saved.provider === select.value ? saved.settings : {}, state);
  }
  $('estimate').replaceChildren();
}

function renderSide(side, values, state) {
  const provider = $(`${side}-provider`).value;
  const vertical = $('vertical').value.toLowerCase();
  forms.render($(`${side}-settings`), side, forms.fieldsFor(provider, vertical), values || {});
  const needsSignIn = signInProviders.includes(provider);
  $(`${side}-signin`).hidden = !needsSignIn;
  const signedIn = state?.signIns?.[side];
  const current = signedIn && signedIn.provider === provider && signedIn.status === 'AUTHORIZED';
  $(`${side}-signin-status`).textContent = needsSignIn
    ? (current ? `Signed in at ${provider}.` : `You will be sent to ${provider} to allow access, then back here.`) : '';
  $(`${side}-signin-button`).textContent = current ? `Sign in at ${provider} again` : `Sign in at ${provider}`;
}

/** The current choices, secrets left out, as kept across a sign-in's round trip. */
function currentChoices() {
  const state = wizard();
  state.vertical = $('vertical').value;
  for (const side of Object.keys(SIDES)) {
    state[side] = { provider: $(`${side}-provider`).value, settings: forms.read($(`${side}-settings`), true).settings };
  }
  return state;
}

async function beginSignIn(side) {
  const state = currentChoices();
  const provider = state[side].provider;
  try {
    const started = await api.post('/authorizations', { provider, direction: SIDES[side].toLowerCase(), returnTo: '/portal/?signin=' + side });
    state.pending = { side, id: started.id, provider };
    saveWizard(state);
    location.assign(started.authorizationUrl);
  } catch (e) {
    showNewError(e.message);
  }
}

/** Back from a provider: how did the sign-in go? */
async function resumeSignIn(state) {
  if (new URLSearchParams(location.search).has('signin')) history.replaceState(null, '', '/portal/#/new');
  const pending = state.pending;
  if (!pending) return;
  delete state.pending;
  let status;
  try {
    status = (await api.get(`/authorizations/${pending.id}`)).status;
  } catch (e) {
    status = 'UNKNOWN';
  }
  state.signIns = state.signIns || {};
  if (status === 'AUTHORIZED') {
    state.signIns[pending.side] = { id: pending.id, provider: pending.provider, status };
  } else {
    delete state.signIns[pending.side];
  }
  saveWizard(state);
  renderSide(pending.side, state[pending.side]?.settings, state);
  const message = status === 'AUTHORIZED' ? `Signed in at ${pending.provider}.`
    : status === 'DENIED' ? `You did not allow access at ${pending.provider}.`
      : `The sign-in at ${pending.provider} did not complete; try again.`;
  notice(message);
  const secrets = [...document.querySelectorAll('#new-form input[data-secret="true"]')];
  (secrets[0] || $(`${pending.side}-signin-button`)).focus();
  if (secrets.length) notice(`${message} Enter the app password again: it is never stored.`);
}

function showNewError(message) {
  $('new-error').textContent = message || '';
  $('new-error').hidden = !message;
}

/** The request body of both sides, or null (with the error shown) when something is missing. */
function transferRequest() {
  const state = currentChoices();
  const body = { vertical: $('vertical').value.toLowerCase() };
  const missing = [];
  for (const side of Object.keys(SIDES)) {
    const provider = $(`${side}-provider`).value;
    if (!provider) { missing.push(`the ${side}`); continue; }
    const read = forms.read($(`${side}-settings`));
    missing.push(...read.missing.map((m) => `${m} (${side === 'source' ? 'from' : 'to'})`));
    const settings = read.settings;
    if (signInProviders.includes(provider)) {
      const signedIn = state.signIns?.[side];
      if (!signedIn || signedIn.provider !== provider) missing.push(`the sign-in at ${provider} (${side === 'source' ? 'from' : 'to'})`);
      else settings.authorization = signedIn.id;
    }
    body[side] = { provider, settings };
  }
  saveWizard(state);
  if (missing.length) {
    showNewError(`Still needed: ${missing.join(', ')}.`);
    return null;
  }
  showNewError('');
  const selection = selectionAsked();
  if (selection) body.selection = selection;
  return body;
}

/** The part of the source the form asks for, or null for all of it; the server checks it (400 saying why). */
function selectionAsked() {
  const lines = (id) => $(id).value.split('\n').map((line) => line.trim()).filter((line) => line);
  const selection = {
    from: $('selection-from').value || null,
    to: $('selection-to').value || null,
    containers: lines('selection-containers'),
    excludeContainers: lines('selection-exclude'),
  };
  const all = !selection.from && !selection.to && !selection.containers.length && !selection.excludeContainers.length;
  return all ? null : selection;
}

async function estimate() {
  const body = transferRequest();
  if (!body) return null;
  const out = $('estimate');
  out.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'Counting what is at the source…' }));
  try {
    // the source's sign-in is only borrowed: the transfer redeems it afterwards
    const result = await api.post('/estimates', { vertical: body.vertical, source: body.source, selection: body.selection });
    const p = document.createElement('p');
    p.className = 'estimate';
    p.id = 'estimate-result';
    const unknown = result.mediaOfUnknownSize ? ` (and ${format.count(result.mediaOfUnknownSize)} files of unknown size)` : '';
    p.textContent = `${result.complete ? 'About' : 'At least'} ${format.count(result.items)} items, ${format.bytes(result.bytes)}${unknown}, `
      + `in ${format.count(result.containers)} folders or albums.`
      + (result.unreadable ? ` ${format.count(result.unreadable)} items cannot be read at the source.` : '')
      + (result.itemsNotSelected ? ` ${format.count(result.itemsNotSelected)} items read are not selected.` : '')
      + (result.containersLeftOut ? ` ${format.count(result.containersLeftOut)} folders or albums are left out.` : '')
      + (result.complete ? '' : ` The count stopped early: ${result.incomplete}.`);
    out.replaceChildren(p);
    return result;
  } catch (e) {
    out.replaceChildren(Object.assign(document.createElement('p'), { className: 'error', textContent: `No estimate: ${e.message}` }));
    return null;
  }
}

async function start(event) {
  event.preventDefault();
  const body = transferRequest();
  if (!body) return;
  const button = $('start-button');
  button.disabled = true;
  try {
    const counted = document.getElementById('estimate-result') ? lastEstimate : null;
    const job = await api.post('/transfers', body);
    if (counted) sessionStorage.setItem(`dtp.estimate.${job.id}`, JSON.stringify(counted));
    sessionStorage.removeItem(WIZARD);
    location.hash = `#/transfer/${job.id}`;
  } catch (e) {
    showNewError(e.message);
    if (body.source.settings.authorization || body.destination.settings.authorization) {
      // a sign-in is used once, even by a refused transfer's check: ask for a new one
      const state = wizard();
      delete state.signIns;
      saveWizard(state);
      for (const side of Object.keys(SIDES)) renderSide(side, state[side]?.settings, state);
    }
  } finally {
    button.disabled = false;
  }
}

function setUpNew() {
  $('vertical').addEventListener('change', () => fillSides(currentChoices()));
  for (const side of Object.keys(SIDES)) {
    $(`${side}-provider`).addEventListener('change', () => { renderSide(side, {}, wizard()); $('estimate').replaceChildren(); });
    $(`${side}-signin-button`).addEventListener('click', () => beginSignIn(side));
  }
  $('estimate-button').addEventListener('click', async () => { lastEstimate = await estimate(); });
  $('new-form').addEventListener('submit', start);
}

// ---- one transfer, live ----

async function openTransfer(id) {
  const details = await api.get(`/transfers/${id}`);
  const estimateOf = JSON.parse(sessionStorage.getItem(`dtp.estimate.${id}`) || 'null');
  const job = details.job;
  $('transfer-title').textContent = `Transfer of ${label(job.vertical).toLowerCase()}`;
  $('transfer-route').textContent = `From ${job.source.provider} to ${job.destination.provider}, started ${format.when(job.created)}.`;
  $('errors').replaceChildren();
  $('no-errors').hidden = false;
  $('summary').hidden = true;
  $('containers').replaceChildren();
  const seenErrors = new Set();
  const addError = (error) => {
    const key = `${error.containerId}\u0000${error.itemId}\u0000${error.at}`;
    if (seenErrors.has(key)) return;
    seenErrors.add(key);
    const li = document.createElement('li');
    li.textContent = `${error.itemId}${error.containerId ? ` (in ${error.containerId})` : ''}: ${error.message}`;
    $('errors').append(li);
    $('no-errors').hidden = true;
  };
  details.errors.forEach(addError);
  // The details hold the latest errors only; once the transfer ended, "Show more" fetches the rest a page at a time.
  const moreErrors = $('errors-more');
  const offerMoreErrors = (ended) => {
    moreErrors.hidden = !isFinal(ended.state) || ended.errors <= $('errors').children.length;
  };
  moreErrors.onclick = async () => {
    moreErrors.disabled = true;
    try {
      const page = await api.get(`/transfers/${encodeURIComponent(id)}/errors?offset=${$('errors').children.length}&limit=500`);
      page.entries.forEach(addError);
      moreErrors.hidden = page.entries.length === 0 || page.total <= $('errors').children.length;
    } finally {
      moreErrors.disabled = false;
    }
  };
  offerMoreErrors(job);
  showProgress({ ...job, containers: details.containers, itemsPerSecond: 0, bytesPerSecond: 0 }, estimateOf);
  show('transfer');
  if (isFinal(job.state)) {
    showSummary(details);
    return;
  }
  stream = follow(api.eventsUrl(id), api.credentials.get(), (name, data) => {
    if (name === 'progress') showProgress(data, estimateOf);
    else if (name === 'error') addError(data);
    else if (name === 'end') {
      data.errors.forEach(addError);
      offerMoreErrors(data.job);
      showProgress({ ...data.job, containers: data.containers, itemsPerSecond: 0, bytesPerSecond: 0 }, estimateOf);
      showSummary(data);
    }
  }, (message, status) => notice(status === 404 ? 'This transfer is not there any more.' : message));
}

function isFinal(state) {
  return ['COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED', 'CANCELLED'].includes(state);
}

const STATES = {
  QUEUED: 'Waiting to start', RUNNING: 'Copying', PAUSED: 'Paused', COMPLETED: 'Done',
  COMPLETED_WITH_ERRORS: 'Done, with errors', FAILED: 'Failed', CANCELLED: 'Cancelled',
};

function showProgress(progress, estimateOf) {
  const bar = $('overall-bar');
  const total = estimateOf?.items;
  if (isFinal(progress.state)) {
    bar.max = 1; bar.value = 1;
  } else if (total > 0) {
    bar.max = total; bar.value = Math.min(progress.items, total);
  } else {
    bar.removeAttribute('value');
  }
  const state = STATES[progress.state] || progress.state;
  $('fig-state').textContent = state + (progress.state === 'PAUSED' && progress.reason ? ` (${progress.reason})` : '');
  $('fig-items').textContent = format.count(progress.items) + (total ? ` of about ${format.count(total)}` : '');
  $('fig-bytes').textContent = format.bytes(progress.bytes) + (estimateOf?.bytes ? ` of about ${format.bytes(estimateOf.bytes)}` : '');
  $('fig-rate').textContent = progress.state === 'RUNNING' && progress.itemsPerSecond > 0
    ? `${format.bytes(progress.bytesPerSecond)}/s, ${progress.itemsPerSecond.toFixed(1)} items/s` : '-';
  const left = format.timeLeft(progress, estimateOf);
  $('fig-left').textContent = left === null ? '-' : format.duration(left);
  $('fig-errors').textContent = format.count(progress.errors);
  // Said aloud on changes of state and every 10th of the way, not every second.
  const decile = total ? Math.floor((10 * progress.items) / total) : null;
  const spoken = `${state}: ${format.count(progress.items)} items, ${format.bytes(progress.bytes)} copied`
    + (progress.errors ? `, ${format.count(progress.errors)} errors` : '') + '.';
  const text = $('overall-text');
  if (text.dataset.state !== progress.state || text.dataset.decile !== String(decile) || isFinal(progress.state)) {
    text.textContent = spoken;
    text.dataset.state = progress.state;
    text.dataset.decile = String(decile);
  }
  $('pause-button').disabled = !['QUEUED', 'RUNNING'].includes(progress.state);
  $('resume-button').disabled = progress.state !== 'PAUSED';
  $('cancel-button').disabled = isFinal(progress.state);
  showContainers(progress.containers || [], estimateOf, isFinal(progress.state));
}

/** A bar per container: of its estimated items when the estimate counted it, else full once the transfer ended. */
function showContainers(containers, estimateOf, ended) {
  const expected = new Map((estimateOf?.perContainer || []).map((c) => [c.id, c]));
  const list = $('containers');
  for (const c of containers) {
    const id = `container-${CSS.escape(c.id)}`;
    let li = list.querySelector(`[data-id="${CSS.escape(c.id)}"]`);
    if (!li) {
      li = document.createElement('li');
      li.dataset.id = c.id;
      const name = Object.assign(document.createElement('span'), { className: 'name', id: `${id}-name` });
      const bar = document.createElement('progress');
      bar.setAttribute('aria-labelledby', `${id}-name`);
      bar.setAttribute('aria-describedby', `${id}-text`);
      const text = Object.assign(document.createElement('span'), { className: 'hint', id: `${id}-text` });
      li.append(name, bar, text);
      list.append(li);
    }
    li.querySelector('.name').textContent = c.name || c.id;
    const bar = li.querySelector('progress');
    const total = expected.get(c.id)?.items;
    if (ended) {
      bar.max = 1; bar.value = 1;
    } else if (total > 0) {
      bar.max = total; bar.value = Math.min(c.items, total);
    } else {
      bar.removeAttribute('value');
    }
    li.querySelector('.hint').textContent = `${format.count(c.items)}${total ? ` of about ${format.count(total)}` : ''} items, ${format.bytes(c.bytes)}`
      + (c.errors ? `, ${format.count(c.errors)} errors` : '');
  }
}

function showSummary(details) {
  const job = details.job;
  $('summary').hidden = false;
  $('summary-text').textContent = `${STATES[job.state] || job.state}: ${format.count(job.items)} items, `
    + `${format.bytes(job.bytes)} copied, ${format.count(job.errors)} errors. ${job.reason || ''}`.trim();
  const table = $('fidelity');
  const body = table.querySelector('tbody');
  const row = (f) => {
    const tr = document.createElement('tr');
    for (const text of [f.side === 'SOURCE' ? 'read' : 'written', f.sourceId, f.field, f.reason]) tr.append(Object.assign(document.createElement('td'), { textContent: text }));
    return tr;
  };
  body.replaceChildren(...details.fidelity.entries.map(row));
  table.hidden = details.fidelity.total === 0;
  $('fidelity-none').hidden = details.fidelity.total !== 0;
  const listed = () => {
    if (details.fidelity.total <= body.rows.length) return;
    $('fidelity-none').hidden = false;
    $('fidelity-none').textContent = `${format.count(details.fidelity.total)} fields in all; the first ${format.count(body.rows.length)} are listed.`;
  };
  listed();
  // Every entry is in the API a page at a time: "Show more" fetches the next page.
  const more = $('fidelity-more');
  more.hidden = details.fidelity.total <= body.rows.length;
  more.onclick = async () => {
    more.disabled = true;
    try {
      const page = await api.get(`/transfers/${encodeURIComponent(job.id)}/fidelity?offset=${body.rows.length}&limit=500`);
      body.append(...page.entries.map(row));
      listed();
      more.hidden = page.entries.length === 0 || page.total <= body.rows.length;
    } finally {
      more.disabled = false;
    }
  };
  const link = $('report-link');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([JSON.stringify(details, null, 2)], { type: 'application/json' }));
  link.download = `dtp-transfer-${job.id}.json`;
  $('summary-title').focus();
}

const DONE = {
  pause: 'Pausing at the next checkpoint; nothing copied is lost.',
  resume: 'Resumed: copying goes on from where it stopped.',
  cancel: 'Cancelled. What was copied stays at the destination.',
};

function setUpControls() {
  for (const action of ['pause', 'resume', 'cancel']) {
    $(`${action}-button`).addEventListener('click', async () => {
      const id = location.hash.slice('#/transfer/'.length);
      if (action === 'cancel' && !confirm('Cancel this transfer? What was copied stays at the destination.')) return;
      try {
        await api.post(`/transfers/${id}/${action}`);
        notice(DONE[action]);
      } catch (e) {
        notice(e.message);
      }
    });
  }
}

// ---- past transfers ----

async function openHistory() {
  const transfers = await api.get('/transfers?limit=100');
  const body = $('history').querySelector('tbody');
  body.replaceChildren(...transfers.map((t) => {
    const tr = document.createElement('tr');
    const started = document.createElement('td');
    const link = Object.assign(document.createElement('a'), { href: `#/transfer/${t.id}`, textContent: format.when(t.created) });
    started.append(link);
    tr.append(started);
    for (const text of [label(t.vertical), `${t.sourceProvider} → ${t.destinationProvider}`, STATES[t.state] || t.state,
      format.count(t.items)]) {
      tr.append(Object.assign(document.createElement('td'), { textContent: text }));
    }
    return tr;
  }));
  $('history-empty').hidden = transfers.length > 0;
  $('history').hidden = transfers.length === 0;
  show('history');
}

// ---- scheduled syncs ----

/** "every 6 h" for PT6H, "cron 0 0 3 * * ?" for a cron expression. */
function schedule(sync) {
  if (sync.cron) return `cron ${sync.cron}`;
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(sync.every || '');
  if (!m) return sync.every;
  return 'every ' + [[m[1], 'h'], [m[2], 'min'], [m[3], 's']].filter(([n]) => n).map(([n, u]) => `${n} ${u}`).join(' ');
}

function syncAction(text, className, act) {
  const button = Object.assign(document.createElement('button'), { type: 'button', textContent: text, className });
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await act();
      await openSyncs();
    } catch (e) {
      notice(e.message);
      button.disabled = false;
    }
  });
  return button;
}

async function openSyncs() {
  const syncs = await api.get('/syncs');
  const body = $('syncs').querySelector('tbody');
  body.replaceChildren(...syncs.map((s) => {
    const tr = document.createElement('tr');
    const path = `/syncs/${encodeURIComponent(s.id)}`;
    for (const text of [label(s.vertical), `${s.source.provider} → ${s.destination.provider}`, schedule(s),
      s.state === 'ACTIVE' ? 'Active' : 'Paused']) {
      tr.append(Object.assign(document.createElement('td'), { textContent: text }));
    }
    const last = document.createElement('td');
    if (s.lastRun) last.append(Object.assign(document.createElement('a'), { href: `#/transfer/${s.lastRun}`, textContent: format.when(s.lastRunAt) }));
    else last.textContent = '-';
    if (s.note) last.append(Object.assign(document.createElement('p'), { className: 'hint', textContent: s.note }));
    tr.append(last, Object.assign(document.createElement('td'), { textContent: s.nextRunAt ? format.when(s.nextRunAt) : '-' }));
    const actions = document.createElement('td');
    actions.append(s.state === 'ACTIVE'
      ? syncAction('Pause', 'secondary', () => api.post(`${path}/pause`))
      : syncAction('Resume', 'secondary', () => api.post(`${path}/resume`)));
    actions.append(syncAction('Delete', 'danger', async () => {
      if (!confirm('Delete this sync? Its schedule ends and its sign-ins are revoked; its runs stay in your transfers.')) return;
      await api.del(path);
      notice('The sync is deleted.');
    }));
    tr.append(actions);
    return tr;
  }));
  $('syncs-empty').hidden = syncs.length > 0;
  $('syncs').hidden = syncs.length === 0;
  show('syncs');
}

// ---- start ----

async function boot() {
  setUpSignIn();
  setUpNew();
  setUpControls();
  window.addEventListener('hashchange', route);
  const saved = api.credentials.get();
  if (saved) {
    try {
      await signIn(saved);
    } catch (e) {
      api.credentials.clear();
    }
  }
  await route();
}

boot();

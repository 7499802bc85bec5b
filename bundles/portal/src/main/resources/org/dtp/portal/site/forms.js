import { upload } from './api.js';
// The account settings each adapter reads (README "Account settings per adapter"), as form fields.
// secret: true fields (app passwords, tokens) are kept in the page only, never in storage.
const APP_PASSWORD_HINT = 'An app password made for dtp in your account settings, not your main password.';

const FORMS = {
  localfs: (vertical) => [
    { name: 'path', label: 'Folder on the server', type: 'text', required: true,
      hint: 'The folder as the server sees it, e.g. /srv/backup/ann. The operator decides which folders are allowed.' },
    ...(vertical === 'mail' ? [{ name: 'mailFormat', label: 'Mail format', type: 'select', options: ['eml', 'mbox'] }] : []),
  ],
  imap: () => [
    { name: 'host', label: 'IMAP server', type: 'text', required: true, hint: 'e.g. imap.example.org' },
    { name: 'port', label: 'Port', type: 'number', value: '993' },
    { name: 'security', label: 'Connection security', type: 'select', options: ['tls', 'starttls'] },
    { name: 'username', label: 'User name', type: 'text', required: true, autocomplete: 'username' },
    { name: 'password', label: 'App password', type: 'password', required: true, secret: true, hint: APP_PASSWORD_HINT },
  ],
  carddav: () => davFields('https://dav.example.org/'),
  caldav: () => davFields('https://dav.example.org/'),
  takeout: () => archiveFields('Google Takeout'),
  'meta-archive': () => archiveFields('Meta "Download your information" (JSON)'),
  'x-archive': () => archiveFields('X (Twitter) archive'),
  'mastodon-archive': () => archiveFields('Mastodon archive'),
  smugmug: () => [
    { name: 'accessToken', label: 'SmugMug access token', type: 'password', required: true, secret: true },
    { name: 'accessTokenSecret', label: 'SmugMug access token secret', type: 'password', required: true, secret: true },
  ],
};

/** An export archive: the parts the person uploads here, or (operators) a path on the server. */
function archiveFields(kind) {
  return [
    { name: 'upload', label: `Your ${kind} export`, type: 'archive',
      hint: 'Choose the .zip or .tgz file, or every part of a split export; each is uploaded to this server, '
        + 'kept a few days for your transfer, and read only by your transfers.' },
    { name: 'path', label: 'Or: its path on the server (operators)', type: 'text',
      hint: 'An archive or folder of parts as the server sees it, e.g. /srv/takeout/ann; the operator decides which folders are allowed.' },
  ];
}

function davFields(example) {
  return [
    { name: 'url', label: 'Server address', type: 'url', required: true, hint: `The server, your principal or your address book / calendar home, e.g. ${example}` },
    { name: 'username', label: 'User name', type: 'text', required: true, autocomplete: 'username' },
    { name: 'password', label: 'App password', type: 'password', required: true, secret: true, hint: APP_PASSWORD_HINT },
  ];
}

/** The fields of provider's form for vertical; none for a provider that only needs a sign-in. */
export function fieldsFor(provider, vertical) {
  return FORMS[provider] ? FORMS[provider](vertical) : [];
}

/** Renders the fields into container, ids prefixed by side; values restores earlier (non-secret) ones. */
export function render(container, side, fields, values = {}) {
  container.replaceChildren();
  for (const field of fields) {
    const id = `${side}-${field.name}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = field.label + (field.required ? ' (required)' : '');
    let input;
    if (field.type === 'archive') {
      container.append(label, ...archiveUpload(id, field, values[field.name]));
      continue;
    }
    if (field.type === 'select') {
      input = document.createElement('select');
      for (const option of field.options) input.append(new Option(option, option));
    } else {
      input = document.createElement('input');
      input.type = field.type;
      input.autocomplete = field.autocomplete || (field.secret ? 'new-password' : 'off');
      input.spellcheck = false;
    }
    input.id = id;
    input.name = field.name;
    input.required = !!field.required;
    input.dataset.secret = field.secret ? 'true' : 'false';
    const value = values[field.name] ?? field.value;
    if (value !== undefined && !field.secret) input.value = value;
    container.append(label, input);
    if (field.hint) {
      const hint = document.createElement('p');
      hint.className = 'hint';
      hint.id = `${id}-hint`;
      hint.textContent = field.hint;
      input.setAttribute('aria-describedby', hint.id);
      container.append(hint);
    }
  }
}

/**
 * A file chooser whose chosen files are uploaded at once, one after the other, with their progress; the ids of the
 * uploads, comma separated, become the setting (a hidden input named after the field).
 */
function archiveUpload(id, field, value) {
  const chooser = document.createElement('input');
  chooser.type = 'file';
  chooser.id = id;
  chooser.multiple = true;
  chooser.accept = '.zip,.tgz,.gz';
  const setting = document.createElement('input');
  setting.type = 'hidden';
  setting.name = field.name;
  setting.dataset.secret = 'false';
  if (value) setting.value = value;
  const progress = document.createElement('progress');
  progress.hidden = true;
  const status = document.createElement('p');
  status.className = 'hint';
  status.id = `${id}-status`;
  status.setAttribute('role', 'status');
  status.textContent = field.hint;
  chooser.setAttribute('aria-describedby', status.id);
  chooser.addEventListener('change', async () => {
    const files = [...chooser.files];
    const ids = [];
    setting.value = '';
    chooser.disabled = true;
    progress.hidden = false;
    try {
      for (const [index, file] of files.entries()) {
        const uploaded = await upload(file, (sent, total) => {
          progress.max = total || 1;
          progress.value = sent;
          status.textContent = `Uploading ${file.name} (${index + 1} of ${files.length}): ${Math.floor(100 * sent / (total || 1))} %`;
        });
        ids.push(uploaded.id);
      }
      setting.value = ids.join(',');
      status.textContent = `${files.length} file${files.length === 1 ? '' : 's'} uploaded; they are read when the transfer starts.`;
    } catch (e) {
      status.textContent = `Upload failed: ${e.message}`;
    } finally {
      chooser.disabled = false;
      progress.hidden = true;
    }
  });
  return [chooser, progress, setting, status];
}

/** {settings, missing, secretsMissing} of the rendered fields; publicOnly leaves secret ones out. */
export function read(container, publicOnly = false) {
  const settings = {};
  const missing = [];
  for (const input of container.querySelectorAll('input:not([type="file"]), select')) {
    const value = input.value.trim();
    if (input.required && !value) {
      missing.push(container.querySelector(`label[for="${input.id}"]`)?.textContent.replace(' (required)', '') || input.name);
      input.setAttribute('aria-invalid', 'true');
    } else {
      input.removeAttribute('aria-invalid');
    }
    if (value && !(publicOnly && input.dataset.secret === 'true')) settings[input.name] = value;
  }
  return { settings, missing };
}

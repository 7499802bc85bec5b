// The REST API on this server's origin. The credentials (an Authorization header value) live in this tab's
// session storage only: never in a URL, never in local storage, gone when the tab closes.
const KEY = 'dtp.authorization';
const BASE = '/api/v1';

export const credentials = {
  get: () => sessionStorage.getItem(KEY),
  set: (value) => sessionStorage.setItem(KEY, value),
  clear: () => sessionStorage.removeItem(KEY),
};

/** Basic credentials of a user name and password (UTF-8). */
export function basic(user, password) {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return 'Basic ' + btoa(String.fromCharCode(...bytes));
}

export function bearer(token) {
  return 'Bearer ' + token.trim();
}

/** A failed call: the problem document's detail when the server sent one. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `The server answered ${status}.`);
    this.status = status;
    this.problem = problem;
  }
}

export async function call(method, path, body, authorization = credentials.get()) {
  const headers = { Accept: 'application/json' };
  if (authorization) headers.Authorization = authorization;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(BASE + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin', cache: 'no-store',
  });
  const type = response.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await response.json() : null;
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const get = (path) => call('GET', path);
export const post = (path, body) => call('POST', path, body);
export const del = (path) => call('DELETE', path);
export const eventsUrl = (id) => `${BASE}/transfers/${encodeURIComponent(id)}/events`;

/**
 * Uploads a file (an export archive or one of its parts) as it is, for a transfer to read; onProgress(sent, total)
 * follows it. Resolves to the upload ({id, name, size, sha256, ...}).
 */
export function upload(file, onProgress, authorization = credentials.get()) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${BASE}/uploads?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    if (authorization) request.setRequestHeader('Authorization', authorization);
    request.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    request.onload = () => {
      let data = null;
      try { data = JSON.parse(request.responseText); } catch { /* not JSON: status only */ }
      if (request.status === 201) resolve(data);
      else reject(new ApiError(request.status, data));
    };
    request.onerror = () => reject(new ApiError(0, { detail: 'The upload broke off; try again.' }));
    request.send(file);
  });
}

// Server-sent events (text/event-stream, as the WHATWG HTML standard defines them) read with fetch(), so that
// the stream carries the Authorization header like every other call (EventSource cannot send one).

/** Parses a stream's blocks into {event, data, id}; calls onEvent for each. Resolves when the stream ends. */
export async function readEvents(response, onEvent) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = { event: 'message', data: [], id: null };
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let text = colon < 0 ? '' : line.slice(colon + 1);
        if (text.startsWith(' ')) text = text.slice(1);
        if (field === 'event') event.event = text;
        else if (field === 'data') event.data.push(text);
        else if (field === 'id') event.id = text;
      }
      if (event.data.length) onEvent({ event: event.event, id: event.id, data: event.data.join('\n') });
    }
  }
}

/**
 * Follows url until an 'end' event or stop(): reconnects after a dropped connection (the server starts each
 * stream with a fresh snapshot). onEvent(name, parsedData); onTrouble(message) when a connection fails.
 */
export function follow(url, authorization, onEvent, onTrouble) {
  const abort = new AbortController();
  let ended = false;
  (async () => {
    while (!ended && !abort.signal.aborted) {
      try {
        const response = await fetch(url, {
          headers: { Accept: 'text/event-stream', Authorization: authorization },
          signal: abort.signal, cache: 'no-store', credentials: 'same-origin',
        });
        if (!response.ok) {
          const problem = (response.headers.get('Content-Type') || '').includes('json') ? await response.json() : null;
          onTrouble(problem?.detail || `The server answered ${response.status}.`, response.status);
          if (response.status === 401 || response.status === 404) return;
        } else {
          await readEvents(response, ({ event, data }) => {
            if (event === 'end') ended = true;
            onEvent(event, JSON.parse(data));
          });
        }
      } catch (e) {
        if (abort.signal.aborted) return;
        onTrouble('The live connection dropped; reconnecting.');
      }
      if (!ended) await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  return { stop: () => abort.abort() };
}

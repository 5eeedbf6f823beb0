import { jest } from '@jest/globals';
import { api, ApiError, apiErrorFromResponse, NETWORK_ERROR_STATUS, serverMessageOf } from './api-client';

function response(body: string, init: { status: number; statusText?: string; contentType?: string }) {
  return new Response(body, {
    status: init.status,
    statusText: init.statusText ?? '',
    headers: init.contentType ? { 'content-type': init.contentType } : {},
  });
}

describe('apiErrorFromResponse (spec §8 error rule)', () => {
  it('when the JSON body has a message, then that message is used', async () => {
    const error = await apiErrorFromResponse(
      response(JSON.stringify({ code: 'AUTH.INVALID', message: 'Invalid username or password' }), {
        status: 401,
        statusText: 'Unauthorized',
        contentType: 'application/json; charset=utf-8',
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid username or password');
    expect(error.serverMessage).toBe('Invalid username or password');
    expect(error.body).toEqual({ code: 'AUTH.INVALID', message: 'Invalid username or password' });
  });

  it('when the JSON body has no message, then the whole JSON is the message', async () => {
    const error = await apiErrorFromResponse(
      response(JSON.stringify({ error: 'boom' }), { status: 500, contentType: 'application/json' }),
    );
    expect(error.message).toBe('{"error":"boom"}');
  });

  it('when the JSON message is not a string, then the whole JSON is the message', async () => {
    const error = await apiErrorFromResponse(
      response(JSON.stringify({ message: { nested: true } }), {
        status: 400,
        contentType: 'application/json',
      }),
    );
    expect(error.message).toBe('{"message":{"nested":true}}');
  });

  it('when the body is plain text, then the text is the message', async () => {
    const error = await apiErrorFromResponse(
      response('Username already exists', {
        status: 400,
        statusText: 'Bad Request',
        contentType: 'text/plain',
      }),
    );
    expect(error.message).toBe('Username already exists');
    expect(error.serverMessage).toBe('Username already exists');
  });

  it('when the body is an HTML error page, then only the status text is shown', async () => {
    const html = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><pre>stack…</pre></body></html>';
    const error = await apiErrorFromResponse(
      response(html, { status: 502, statusText: 'Bad Gateway', contentType: 'text/html' }),
    );
    expect(error.message).toBe('Bad Gateway');
    expect(error.serverMessage).toBeUndefined();
  });

  it('when HTML comes without an HTML content type, then it is still never shown', async () => {
    const error = await apiErrorFromResponse(
      response('<html><head><title>Error</title></head></html>', { status: 500, statusText: 'Server Error' }),
    );
    expect(error.message).toBe('Server Error');
  });

  it('when the body is empty, then the status text is the message', async () => {
    const error = await apiErrorFromResponse(response('', { status: 403, statusText: 'Forbidden' }));
    expect(error.message).toBe('Forbidden');
    expect(error.serverMessage).toBeUndefined();
  });

  it('when there is neither a body nor a status text, then the status code is named', async () => {
    const error = await apiErrorFromResponse(response('', { status: 500 }));
    expect(error.message).toBe('Request failed with status 500');
  });

  it('when a JSON content type carries invalid JSON, then the text is used', async () => {
    const error = await apiErrorFromResponse(
      response('not json', { status: 400, statusText: 'Bad Request', contentType: 'application/json' }),
    );
    expect(error.message).toBe('not json');
  });
});

describe('api requests', () => {
  const realFetch = globalThis.fetch;
  let fetchMock: jest.Mock<typeof fetch>;

  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('when posting, then the cookie, the CSRF header and a JSON body are sent', async () => {
    fetchMock.mockResolvedValue(
      response(JSON.stringify({ id: 1 }), { status: 200, contentType: 'application/json' }),
    );
    await expect(api.post('/api/login', { username: 'a@b.co', password: 'x' })).resolves.toEqual({ id: 1 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"username":"a@b.co","password":"x"}');
    expect(init?.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
  });

  it("when the page holds its first read's answer (issue 22), then that read takes it once, and asks the server after", async () => {
    const scripts = [
      { path: '/api/other', text: '{"other":true}' },
      { path: '/api/organizations/by-slug/harbor', text: '{"name":"Harbor </b>"}' },
    ].map(({ path, text }) => ({
      textContent: text,
      getAttribute: (name: string) => (name === 'data-answer-for' ? path : null),
      remove: jest.fn(() => scripts.splice(scripts.indexOf(script), 1)),
    }));
    const script = scripts[1]!;
    const selectors: string[] = [];
    Object.assign(globalThis, {
      document: {
        querySelectorAll: (selector: string) => {
          selectors.push(selector);
          return [...scripts];
        },
      },
    });
    try {
      fetchMock.mockImplementation(async () =>
        response('{"name":"Fresh"}', { status: 200, contentType: 'application/json' }),
      );
      await expect(api.get('/api/organizations/by-slug/harbor')).resolves.toEqual({ name: 'Harbor </b>' });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(script.remove).toHaveBeenCalledTimes(1);
      expect(selectors).toEqual(['script[type="application/json"][data-answer-for]']);
      await expect(api.get('/api/organizations/by-slug/harbor')).resolves.toEqual({ name: 'Fresh' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Never for a call that changes something.
      await api.post('/api/other');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });

  it('when getting, then the CSRF header is sent and no body or content type', async () => {
    fetchMock.mockResolvedValue(response('[]', { status: 200, contentType: 'application/json' }));
    await api.get('/api/ventures');

    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('when a read answers in another language than asked for (a preload), then it is asked again, once', async () => {
    const inLanguage = (language: string, body: string) =>
      new Response(body, {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-language': language },
      });
    // The app reads English (the default in tests): a Spanish answer came from a preload in the browser's.
    fetchMock
      .mockResolvedValueOnce(inLanguage('es', '{"title":"Tarea"}'))
      .mockResolvedValueOnce(inLanguage('en', '{"title":"Task"}'));
    await expect(api.get('/api/ventures/v1')).resolves.toEqual({ title: 'Task' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ 'Accept-Language': 'en' });

    // Never a loop: a service that keeps answering another language is taken at its word the second time.
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(inLanguage('es', '{"title":"Tarea"}'));
    await expect(api.get('/api/ventures/v1')).resolves.toEqual({ title: 'Tarea' });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // An answer in the language asked for, or naming none, is used as it is.
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(inLanguage('en', '{"title":"Task"}'));
    await api.get('/api/ventures/v1');
    fetchMock.mockResolvedValueOnce(response('{}', { status: 200, contentType: 'application/json' }));
    await api.get('/api/session');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when a write answers in another language, then it is never sent again', async () => {
    fetchMock.mockResolvedValue(
      new Response('{}', {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-language': 'es' },
      }),
    );
    await api.post('/api/ventures', { name: 'x' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when the answer is 204, then the call resolves to undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post('/api/logout')).resolves.toBeUndefined();
  });

  it('when the answer fails, then an ApiError with status, message and body is thrown', async () => {
    fetchMock.mockResolvedValue(
      response(JSON.stringify({ message: 'Not authenticated' }), {
        status: 401,
        contentType: 'application/json',
      }),
    );
    const error = await api.get('/api/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Not authenticated',
      body: { message: 'Not authenticated' },
    });
  });

  it('when the network fails, then an ApiError without a server message is thrown', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    const error = await api.get('/api/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(NETWORK_ERROR_STATUS);
    expect(serverMessageOf(error)).toBeUndefined();
  });
});

/* global document, fetch, navigator, location, PublicKeyCredential, URLSearchParams */
// The WebAuthn ceremony for the team's enrolment and sign-in pages (served from /team, so the
// CSP's script-src 'self' allows it). The browser's own JSON helpers do the encoding.
const form = document.querySelector('form[data-passkey]');

async function post(url, payload) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
}

async function ceremony(kind) {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  if (kind === 'enrol') {
    const options = await post('/team/enrol/options', { token });
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
    const credential = await navigator.credentials.create({ publicKey });
    return post('/team/enrol/verify', { token, response: credential.toJSON() });
  }
  const options = await post('/team/sign-in/options', {});
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options);
  const credential = await navigator.credentials.get({ publicKey });
  // The page that sent the member here (the server checks it is one of the team's).
  const next = new URLSearchParams(location.search).get('next') ?? undefined;
  return post('/team/sign-in/verify', { response: credential.toJSON(), next });
}

if (form) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = document.getElementById('passkey-error');
    if (error) error.hidden = true;
    try {
      const { redirect } = await ceremony(form.dataset.passkey);
      // Signed in from a Welsh page: the next page in Welsh too.
      const welsh = document.documentElement.lang === 'cy';
      location.assign(welsh ? `${redirect}${redirect.includes('?') ? '&' : '?'}lang=cy` : redirect);
    } catch {
      if (error) {
        error.hidden = false;
        error.focus();
      }
    }
  });
}

import { SESSION_USER_HEADER } from "@tubedigest/http";

export interface SignedInUser {
  id: string;
  /** The `cookie` header a browser signed in through the gateway sends. */
  cookie: string;
}

async function expectStatus(response: Response, status: number): Promise<Response> {
  if (response.status !== status) {
    throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  }
  return response;
}

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/**
 * Signs a new user up through the gateway, as the browser does, keeping the session cookie. The user id
 * (which no public answer carries) comes from auth itself: a sign-in on its own port answers with the
 * header that tells the gateway whom to sign in.
 */
export async function signUpThroughGateway(
  urls: { gateway: string; auth: string },
  email: string,
  password: string,
): Promise<SignedInUser> {
  const signUp = await expectStatus(
    await fetch(`${urls.gateway}/api/auth/register`, json({ email, password })),
    201,
  );
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const signIn = await expectStatus(
    await fetch(`${urls.auth}/api/auth/login`, json({ email, password })),
    200,
  );
  const id = signIn.headers.get(SESSION_USER_HEADER);
  if (!id) throw new Error(`auth answered a sign-in without ${SESSION_USER_HEADER}`);
  return { id, cookie };
}

/** Follows a channel as the signed-in user, through the gateway. */
export async function followChannel(gateway: string, user: SignedInUser, youtubeChannelId: string) {
  await expectStatus(
    await fetch(`${gateway}/api/user/channels`, {
      ...json({ youtubeChannelId }),
      headers: { "content-type": "application/json", cookie: user.cookie },
    }),
    201,
  );
}

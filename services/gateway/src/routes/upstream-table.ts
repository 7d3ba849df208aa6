/** Which service owns which public path (SPEC §7). Paths outside `/api/` never leave the gateway. */
export type ServiceName = "auth" | "catalog";

export const UPSTREAM_ROUTES: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: "/api/auth/", service: "auth" },
  { prefix: "/api/user/profile", service: "auth" },
  { prefix: "/api/youtube/", service: "catalog" },
  { prefix: "/api/user/channels", service: "catalog" },
];

/** Sign-in and sign-up calls, limited per client address to slow password guessing. */
export const SIGN_IN_PATHS = [
  "/api/auth/login",
  "/api/auth/register",
  "/api/auth/login-with-email",
  "/api/auth/register-with-email",
] as const;

/** Channel searches: each one YouTube answers costs a hundredth of the day's quota, so limit them per client. */
export const SEARCH_PATH = "/api/youtube/search";

export function ownerOf(path: string): ServiceName | undefined {
  return UPSTREAM_ROUTES.find((route) => path === route.prefix || path.startsWith(route.prefix))?.service;
}

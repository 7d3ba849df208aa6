import { generate } from "selfsigned";

/** A certificate and its private key, in PEM. */
export interface TestCertificate {
  cert: string;
  key: string;
}

export interface TestCertificates {
  /** A certificate authority of the test's own: trust it, and `server` verifies. */
  authority: TestCertificate;
  /** For 127.0.0.1 and localhost, signed by `authority`. */
  server: TestCertificate;
  /** For 127.0.0.1 and localhost too, but signed by its own key: nobody's authority vouches for it. */
  selfSigned: TestCertificate;
}

const ONE_DAY_MS = 24 * 60 * 60 * 1000;
/** A server certificate's uses, for the names the fakes listen on. */
const serverExtensions = () => [
  { name: "basicConstraints" as const, cA: false },
  { name: "keyUsage" as const, digitalSignature: true, keyEncipherment: true },
  { name: "extKeyUsage" as const, serverAuth: true },
  {
    name: "subjectAltName" as const,
    altNames: [
      { type: 2 as const, value: "localhost" },
      { type: 7 as const, ip: "127.0.0.1" },
    ],
  },
];

let made: Promise<TestCertificates> | undefined;

/**
 * Certificates made in the test run (none is kept in the repository, so none expires or leaks): an
 * authority, a server certificate it signed and a self-signed one, valid from yesterday to tomorrow.
 * Made once per test file: RSA keys take a moment.
 */
export function testCertificates(): Promise<TestCertificates> {
  made ??= (async () => {
    const validity = {
      notBeforeDate: new Date(Date.now() - ONE_DAY_MS),
      notAfterDate: new Date(Date.now() + ONE_DAY_MS),
      keySize: 2048,
      algorithm: "sha256",
    };
    const authority = await generate([{ name: "commonName", value: "tubedigest test authority" }], {
      ...validity,
      extensions: [
        { name: "basicConstraints", cA: true, critical: true },
        { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
      ],
    });
    const server = await generate([{ name: "commonName", value: "localhost" }], {
      ...validity,
      extensions: serverExtensions(),
      ca: { key: authority.private, cert: authority.cert },
    });
    const selfSigned = await generate([{ name: "commonName", value: "localhost" }], {
      ...validity,
      extensions: serverExtensions(),
    });
    const pem = (made: { cert: string; private: string }) => ({ cert: made.cert, key: made.private });
    return { authority: pem(authority), server: pem(server), selfSigned: pem(selfSigned) };
  })();
  return made;
}

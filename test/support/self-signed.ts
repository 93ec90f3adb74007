import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate and its key, PEM, for a test's own TLS server. */
export interface SelfSigned {
  cert: string;
  key: string;
}

/**
 * A self-signed certificate for `localhost` and 127.0.0.1 (Debian's openssl; an EC key, so it
 * takes milliseconds). Clients refuse it unless told to trust `cert`, which is what the TLS tests
 * check both ways.
 */
export function selfSignedCert(commonName = 'localhost'): SelfSigned {
  const dir = mkdtempSync(join(tmpdir(), 'pe-cert-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${commonName}`,
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
    ], { stdio: 'ignore' });
    return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

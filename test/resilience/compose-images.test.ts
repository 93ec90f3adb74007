import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/app-runner';
import { compose, filledIn } from '../support/compose';

/**
 * `docker compose up` on a new machine pulls what was tested: every image of the compose file and
 * the Dockerfile's base is pinned to an exact release from a registry that still serves it (MinIO
 * deleted Docker Hub's minio/minio; its last community release is on quay.io).
 */

/**
 * Why an image reference would not pull the same image on a new machine (null when it is pinned):
 * no tag, `latest`, a floating tag without major.minor (`16-alpine`), or a repository known gone.
 * A digest (`@sha256:`) pins too.
 */
function unpinned(image: string): string | null {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return null;
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  if (colon <= slash) return 'no tag';
  const repository = image.slice(0, colon);
  const tag = image.slice(colon + 1);
  if (tag === 'latest') return 'latest';
  // MinIO deleted Docker Hub's minio/minio in 2026; its releases are served by quay.io.
  if (/^(docker\.io\/)?minio\/minio$/.test(repository)) return 'a repository that no longer exists';
  if (!/^(v?\d+\.\d+(\.\d+)?([-.][\w.-]+)?|RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)$/.test(tag)) return `a floating tag (${tag})`;
  return null;
}

describe('the images Docker Compose pulls', () => {
  it('pins every image, and the Dockerfile\'s base, to an exact release from a registry that serves it', () => {
    const rendered = compose(filledIn(), 'config').stdout;
    const images = [...rendered.matchAll(/^ {4}image: '?([^'\s]+)'?$/gm)].map((m) => m[1]);
    const bases = [...readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(images.length).toBe(5);
    expect(bases.length).toBe(2);
    expect([...images, ...bases].map((image) => [image, unpinned(image)])).toEqual([...images, ...bases].map((image) => [image, null]));
    expect(images).toContain('quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z');
    // The apps' own image is built here, named after the version it holds.
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(images.filter((i) => i.startsWith('price-export:'))).toEqual([`price-export:${version}`, `price-export:${version}`]);
  });

  it.each([
    ['minio/minio:latest', 'latest'],
    ['minio/minio:RELEASE.2025-09-07T16-13-09Z', 'a repository that no longer exists'],
    ['postgres:16-alpine', 'a floating tag (16-alpine)'],
    ['node:22-bookworm-slim', 'a floating tag (22-bookworm-slim)'],
    ['redis', 'no tag'],
    ['registry.local:5000/redis', 'no tag'],
  ])('refuses %s: %s', (image, why) => {
    expect(unpinned(image)).toBe(why);
  });
});

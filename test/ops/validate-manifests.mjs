// Validates Kubernetes manifests against the API's schemas with kubernetes-models (and its KEDA
// models): every YAML document of the files or folders given (default: deploy/kubernetes), the
// model class picked by apiVersion and kind, `.validate()` called. Prints one JSON array of
// {file, index, apiVersion, kind, name, valid, error?}. An ES module of its own because the models
// are ES modules only, which jest (CommonJS) cannot require: test/ops/kubernetes-manifests.test.ts
// runs it.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where each API group's models live. */
function modelModule(apiVersion) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (group === 'keda.sh') return `@kubernetes-models/keda/keda.sh/${version}`;
  if (group === 'kustomize.config.k8s.io') return null;
  return group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`;
}

function yamlFiles(path) {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => yamlFiles(join(path, name)))
    .filter((file) => /\.ya?ml$/.test(file));
}

/** A kustomization is no API object: what it lists must exist. */
function checkKustomization(file, doc) {
  const missing = [...(doc.resources ?? []), ...(doc.components ?? [])].filter((r) => !existsSync(resolve(dirname(file), r)));
  return missing.length ? `resources not found: ${missing.join(', ')}` : undefined;
}

async function validate(file, index, doc) {
  const { apiVersion, kind } = doc ?? {};
  const result = { file: relative(root, file), index, apiVersion, kind, name: doc?.metadata?.name };
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return { ...result, valid: false, error: 'no apiVersion or kind' };
  const module = modelModule(apiVersion);
  if (module === null) {
    const error = kind === 'Kustomization' ? checkKustomization(file, doc) : `unknown kind ${kind}`;
    return { ...result, valid: !error, ...(error ? { error } : {}) };
  }
  let Model;
  try {
    Model = (await import(module))[kind];
  } catch {
    Model = undefined;
  }
  if (typeof Model !== 'function') return { ...result, valid: false, error: `no model for ${apiVersion} ${kind}` };
  try {
    new Model(doc).validate();
    return { ...result, valid: true };
  } catch (error) {
    return { ...result, valid: false, error: error.message };
  }
}

const targets = process.argv.slice(2);
const files = (targets.length ? targets : [join(root, 'deploy/kubernetes')]).flatMap((t) => yamlFiles(resolve(t)));
const results = [];
for (const file of files) {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  for (const [index, doc] of docs.entries()) {
    if (doc.errors.length) {
      results.push({ file: relative(root, file), index, valid: false, error: doc.errors.map((e) => e.message).join('; ') });
      continue;
    }
    const value = doc.toJS();
    if (value === null) continue;
    results.push(await validate(file, index, value));
  }
}
process.stdout.write(JSON.stringify(results));

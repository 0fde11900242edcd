/**
 * The fake Gardener's rules (gardener.ts): what gardener-apiserver and Gardener's admission plugins
 * check on a Shoot (ValidateShoot, ValidateShootUpdate, the ShootValidator against the
 * CloudProfile, the defaults they apply), and the Kubernetes `Status` answers a refusal becomes.
 */
import type { CloudProfile, Shoot } from '../../platform/provisioner/gardener';

export type Json = Record<string, unknown>;

export const CORE = '/apis/core.gardener.cloud/v1beta1';
export const SHOOT_API_VERSION = 'core.gardener.cloud/v1beta1';
export const AUTH_API_VERSION = 'authentication.gardener.cloud/v1alpha1';
export const CONFIRM_DELETION = 'confirmation.gardener.cloud/deletion';
export const OPERATION = 'gardener.cloud/operation';
export const MIN_EXPIRATION_SECONDS = 600;
export const MAX_UINT32 = 2 ** 32 - 1;
const SHOOT_NAME_LIMIT = 21;
const WORKER_NAME_LIMIT = 15;
const PURPOSES = new Set(['evaluation', 'testing', 'development', 'production', 'infrastructure']);
const TAINT_EFFECTS = new Set(['NoSchedule', 'PreferNoSchedule', 'NoExecute']);
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const CIDR_V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;
const TIME_WINDOW = /^(\d{2})(\d{2})(\d{2})([+-])(\d{2})(\d{2})$/;

export interface Cause {
  field: string;
  reason: string;
  message: string;
}

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

export class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: Json,
    /** A refusal the adapter can legitimately meet (a missing Shoot); not a violation. */
    readonly expected = false,
  ) {
    super(message);
  }
}

export function statusBody(code: number, reason: string, message: string, details?: Json): Json {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, ...(details ? { details } : {}), code };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function required(field: string, message: string): Cause {
  return { field, reason: 'FieldValueRequired', message: `Required value: ${message}` };
}

export function invalid(field: string, value: unknown, message: string): Cause {
  return { field, reason: 'FieldValueInvalid', message: `Invalid value: ${JSON.stringify(value)}: ${message}` };
}

export function forbidden(field: string, message: string): Cause {
  return { field, reason: 'FieldValueForbidden', message: `Forbidden: ${message}` };
}

export function invalidShoot(name: string, causes: Cause[]): Refusal {
  const list = causes.map((cause) => `${cause.field}: ${cause.message}`);
  const message = `Shoot.core.gardener.cloud "${name}" is invalid: ${list.length === 1 ? list[0] : `[${list.join(', ')}]`}`;
  return new Refusal(422, 'Invalid', message, { name, group: 'core.gardener.cloud', kind: 'Shoot', causes });
}

export function forbiddenShoot(name: string, reasons: string[]): Refusal {
  const message = `shoots.core.gardener.cloud "${name}" is forbidden: ${reasons.length === 1 ? reasons[0] : `[${reasons.join(', ')}]`}`;
  return new Refusal(403, 'Forbidden', message, { name, group: 'core.gardener.cloud', kind: 'shoots' });
}

export function notFound(resource: string, name: string): Refusal {
  return new Refusal(404, 'NotFound', `${resource} "${name}" not found`, { name, group: 'core.gardener.cloud', kind: resource.split('.')[0] }, true);
}

function versionParts(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function validCidr(value: unknown): boolean {
  if (!isString(value)) return false;
  const match = CIDR_V4.exec(value);
  return match !== null && match.slice(1, 5).every((octet) => Number(octet) <= 255) && Number(match[5]) <= 32;
}

function minutesOf(window: string): number | null {
  const match = TIME_WINDOW.exec(window);
  if (!match) return null;
  const [, hh, mm, ss, sign, zh, zm] = match;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  const offset = (Number(zh) * 60 + Number(zm)) * (sign === '-' ? -1 : 1);
  return Number(hh) * 60 + Number(mm) - offset;
}

function validCron(spec: string): boolean {
  const fields = spec.trim().split(/\s+/);
  return fields.length === 5 && fields.every((field) => /^[\d*,/-]+$|^[A-Za-z]{3}(-[A-Za-z]{3})?$/.test(field));
}

function validLocation(location: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: location });
    return true;
  } catch {
    return false;
  }
}

/** RFC 7386 JSON merge patch. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Json = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** Gardener's ValidateShoot, for the fields the shop sets: the shape of a Shoot it would accept. */
export function validateShoot(value: Json, namespace: string): Cause[] {
  const causes: Cause[] = [];
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const name = metadata.name;
  if (!isString(name) || name === '') causes.push(required('metadata.name', 'name or generateName is required'));
  else {
    if (name.length > 63 || !DNS_LABEL.test(name)) causes.push(invalid('metadata.name', name, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"));
    if (name.includes('--')) causes.push(invalid('metadata.name', name, 'name may not contain two consecutive hyphens'));
  }
  for (const [key, labelValue] of Object.entries(isObject(metadata.labels) ? metadata.labels : {})) {
    if (!isString(labelValue) || labelValue.length > 63 || !/^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/.test(labelValue)) causes.push(invalid(`metadata.labels`, labelValue, `a valid label value for ${key}`));
  }
  const spec = isObject(value.spec) ? value.spec : null;
  if (!spec) return [...causes, required('spec', 'must specify a spec')];

  const kubernetes = isObject(spec.kubernetes) ? spec.kubernetes : {};
  const version = isString(kubernetes.version) ? kubernetes.version : '';
  const parsedVersion = versionParts(version);
  if (version === '') causes.push(required('spec.kubernetes.version', 'kubernetes version must not be empty'));
  else if (!parsedVersion) causes.push(invalid('spec.kubernetes.version', version, 'not a semantic version'));
  const from134 = parsedVersion !== null && compareVersions(parsedVersion, [1, 34, 0]) >= 0;

  if (!isString(spec.region) || spec.region === '') causes.push(required('spec.region', 'must specify a region'));

  const cloudProfile = isObject(spec.cloudProfile) ? spec.cloudProfile : null;
  if (spec.cloudProfileName !== undefined && from134) causes.push(forbidden('spec.cloudProfileName', 'must not be set for Kubernetes >= 1.34; use spec.cloudProfile'));
  if (!cloudProfile && !isString(spec.cloudProfileName)) causes.push(required('spec.cloudProfile.name', 'must specify a cloud profile'));
  if (cloudProfile && (!isString(cloudProfile.name) || cloudProfile.name === '')) causes.push(required('spec.cloudProfile.name', 'must specify a cloud profile'));
  if (cloudProfile && cloudProfile.kind !== undefined && cloudProfile.kind !== 'CloudProfile' && cloudProfile.kind !== 'NamespacedCloudProfile') {
    causes.push({ field: 'spec.cloudProfile.kind', reason: 'FieldValueNotSupported', message: `Unsupported value: ${JSON.stringify(cloudProfile.kind)}: supported values: "CloudProfile", "NamespacedCloudProfile"` });
  }

  const hasSecretBinding = isString(spec.secretBindingName) && spec.secretBindingName !== '';
  const hasCredentialsBinding = isString(spec.credentialsBindingName) && spec.credentialsBindingName !== '';
  if (hasSecretBinding && hasCredentialsBinding) causes.push(forbidden('spec.secretBindingName', 'is incompatible with credentialsBindingName'));
  if (!hasSecretBinding && !hasCredentialsBinding) causes.push(required('spec.credentialsBindingName', 'must be set when workers are configured'));
  if (hasSecretBinding && from134) causes.push(forbidden('spec.secretBindingName', 'is no longer supported for Kubernetes >= 1.34, use spec.credentialsBindingName instead'));

  if (spec.purpose !== undefined) {
    if (!isString(spec.purpose) || !PURPOSES.has(spec.purpose)) {
      causes.push({ field: 'spec.purpose', reason: 'FieldValueNotSupported', message: `Unsupported value: ${JSON.stringify(spec.purpose)}: supported values: ${[...PURPOSES].map((purpose) => `"${purpose}"`).join(', ')}` });
    } else if (spec.purpose === 'infrastructure' && namespace !== 'garden') causes.push(forbidden('spec.purpose', "shoots with 'infrastructure' purpose must be created in the garden namespace"));
  }

  const provider = isObject(spec.provider) ? spec.provider : {};
  if (!isString(provider.type) || provider.type === '') causes.push(required('spec.provider.type', 'must specify a provider type'));
  const workers = Array.isArray(provider.workers) ? provider.workers : null;
  if (!workers || workers.length === 0) causes.push(required('spec.provider.workers', 'must provide at least one worker pool when networking is configured'));
  const workerNames = new Set<string>();
  const zoneCoverage = new Map<string, boolean>();
  (workers ?? []).forEach((raw, index) => {
    const path = `spec.provider.workers[${index}]`;
    if (!isObject(raw)) {
      causes.push(invalid(path, raw, 'must be an object'));
      return;
    }
    const worker = raw;
    if (!isString(worker.name) || worker.name === '' || !DNS_LABEL.test(worker.name)) causes.push(invalid(`${path}.name`, worker.name, 'a lowercase RFC 1123 label'));
    else {
      if (worker.name.length > WORKER_NAME_LIMIT) causes.push({ field: `${path}.name`, reason: 'FieldValueTooLong', message: `Too long: may not be more than ${WORKER_NAME_LIMIT} bytes` });
      if (workerNames.has(worker.name)) causes.push({ field: `${path}.name`, reason: 'FieldValueDuplicate', message: `Duplicate value: "${worker.name}"` });
      workerNames.add(worker.name);
    }
    const machine = isObject(worker.machine) ? worker.machine : {};
    if (!isString(machine.type) || machine.type === '') causes.push(required(`${path}.machine.type`, 'must specify a machine type'));
    if (!isInteger(worker.minimum) || worker.minimum < 0) causes.push(invalid(`${path}.minimum`, worker.minimum, 'minimum value must not be negative'));
    if (!isInteger(worker.maximum) || worker.maximum < 0) causes.push(invalid(`${path}.maximum`, worker.maximum, 'maximum value must not be negative'));
    if (isInteger(worker.minimum) && isInteger(worker.maximum) && worker.maximum < worker.minimum) causes.push(forbidden(`${path}.maximum`, 'maximum value must not be less than minimum value'));
    const surge = worker.maxSurge ?? 1;
    const unavailable = worker.maxUnavailable ?? 0;
    if ((surge === 0 || surge === '0%') && (unavailable === 0 || unavailable === '0%')) causes.push(invalid(`${path}.maxUnavailable`, unavailable, 'may not be 0 when `maxSurge` is 0'));
    const zones = worker.zones === undefined ? [] : worker.zones;
    if (!Array.isArray(zones) || !zones.every((zone) => isString(zone) && zone !== '')) causes.push(invalid(`${path}.zones`, zones, 'zones must be non-empty strings'));
    else {
      if (new Set(zones).size !== zones.length) causes.push({ field: `${path}.zones`, reason: 'FieldValueDuplicate', message: 'Duplicate value: zones must be unique' });
      if (isInteger(worker.maximum) && worker.maximum > 0) {
        const key = [...zones].sort().join('--');
        zoneCoverage.set(key, (zoneCoverage.get(key) ?? false) || worker.maximum >= zones.length);
      }
    }
    if (worker.labels !== undefined) {
      if (!isObject(worker.labels) || !Object.values(worker.labels).every(isString)) causes.push(invalid(`${path}.labels`, worker.labels, 'labels map keys to strings'));
    }
    if (worker.taints !== undefined) {
      if (!Array.isArray(worker.taints)) causes.push(invalid(`${path}.taints`, worker.taints, 'must be a list'));
      else
        worker.taints.forEach((taint, taintIndex) => {
          const taintPath = `${path}.taints[${taintIndex}]`;
          if (!isObject(taint) || !isString(taint.key) || taint.key === '') causes.push(required(`${taintPath}.key`, 'taint key must be set'));
          else if (!isString(taint.effect) || !TAINT_EFFECTS.has(taint.effect)) {
            causes.push({ field: `${taintPath}.effect`, reason: 'FieldValueNotSupported', message: `Unsupported value: ${JSON.stringify(taint.effect)}: supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"` });
          }
        });
    }
    const workerKubernetes = isObject(worker.kubernetes) ? worker.kubernetes : null;
    if (workerKubernetes && workerKubernetes.version !== undefined && parsedVersion) {
      const workerVersion = isString(workerKubernetes.version) ? versionParts(workerKubernetes.version) : null;
      if (!workerVersion) causes.push(invalid(`${path}.kubernetes.version`, workerKubernetes.version, 'not a semantic version'));
      else if (compareVersions(workerVersion, parsedVersion) > 0) causes.push(forbidden(`${path}.kubernetes.version`, 'worker group kubernetes version must not be higher than control plane version'));
      else if (workerVersion[0] === parsedVersion[0] && parsedVersion[1] - workerVersion[1] > 3) causes.push(forbidden(`${path}.kubernetes.version`, 'worker group kubernetes version must be at most three minor versions behind control plane version'));
    }
  });
  [...zoneCoverage.entries()].forEach(([zones, covered]) => {
    if (!covered) causes.push(forbidden('spec.provider.workers', `maximum node count should be greater than or equal to the number of zones specified for this pool (${zones})`));
  });

  const networking = isObject(spec.networking) ? spec.networking : null;
  if (!networking) causes.push(required('spec.networking', 'networking must be configured when workers are configured'));
  else {
    if (!isString(networking.type) || networking.type === '') causes.push(required('spec.networking.type', 'networking type must be provided'));
    for (const field of ['pods', 'services', 'nodes'] as const) {
      if (networking[field] !== undefined && !validCidr(networking[field])) causes.push(invalid(`spec.networking.${field}`, networking[field], 'must be a valid IPv4 CIDR'));
    }
  }

  const maintenance = isObject(spec.maintenance) ? spec.maintenance : null;
  const window = maintenance && isObject(maintenance.timeWindow) ? maintenance.timeWindow : null;
  if (window) {
    const begin = isString(window.begin) ? minutesOf(window.begin) : null;
    const end = isString(window.end) ? minutesOf(window.end) : null;
    if (begin === null) causes.push(invalid('spec.maintenance.timeWindow.begin', window.begin, 'must be in the format HHMMSS+ZZZZ'));
    if (end === null) causes.push(invalid('spec.maintenance.timeWindow.end', window.end, 'must be in the format HHMMSS+ZZZZ'));
    if (begin !== null && end !== null) {
      const duration = (((end - begin) % 1440) + 1440) % 1440;
      if (duration < 30 || duration > 360) causes.push(forbidden('spec.maintenance.timeWindow', 'time window must not be smaller than 30m or greater than 6h'));
    }
  }
  if (maintenance && isObject(maintenance.autoUpdate) && typeof maintenance.autoUpdate.kubernetesVersion !== 'boolean') {
    causes.push(required('spec.maintenance.autoUpdate.kubernetesVersion', 'must be true or false'));
  }

  const hibernation = isObject(spec.hibernation) ? spec.hibernation : null;
  if (hibernation) {
    if (hibernation.enabled !== undefined && typeof hibernation.enabled !== 'boolean') causes.push(invalid('spec.hibernation.enabled', hibernation.enabled, 'must be a boolean'));
    const schedules = hibernation.schedules === undefined ? [] : hibernation.schedules;
    if (!Array.isArray(schedules)) causes.push(invalid('spec.hibernation.schedules', schedules, 'must be a list'));
    else {
      const seen = new Set<string>();
      schedules.forEach((schedule, index) => {
        const path = `spec.hibernation.schedules[${index}]`;
        if (!isObject(schedule) || (schedule.start === undefined && schedule.end === undefined)) {
          causes.push(required(`${path}.start/end`, 'either start or end has to be provided'));
          return;
        }
        for (const field of ['start', 'end'] as const) {
          const cron = schedule[field];
          if (cron === undefined) continue;
          if (!isString(cron) || !validCron(cron)) causes.push(invalid(`${path}.${field}`, cron, 'not a valid cron spec'));
          else if (seen.has(cron)) causes.push({ field: `${path}.${field}`, reason: 'FieldValueDuplicate', message: `Duplicate value: "${cron}"` });
          else seen.add(cron);
        }
        if (schedule.location !== undefined && (!isString(schedule.location) || !validLocation(schedule.location))) causes.push(invalid(`${path}.location`, schedule.location, 'not a valid location'));
      });
    }
  }

  const controlPlane = isObject(spec.controlPlane) ? spec.controlPlane : null;
  if (controlPlane && controlPlane.highAvailability !== undefined) {
    const ha = isObject(controlPlane.highAvailability) ? controlPlane.highAvailability : {};
    const tolerance = isObject(ha.failureTolerance) ? ha.failureTolerance.type : undefined;
    if (tolerance !== 'node' && tolerance !== 'zone') {
      causes.push({ field: 'spec.controlPlane.highAvailability.failureTolerance.type', reason: 'FieldValueNotSupported', message: `Unsupported value: ${JSON.stringify(tolerance)}: supported values: "node", "zone"` });
    }
  }
  if (spec.extensions !== undefined) {
    if (!Array.isArray(spec.extensions) || !spec.extensions.every((extension) => isObject(extension) && isString(extension.type) && extension.type !== '')) {
      causes.push(required('spec.extensions[].type', 'field must not be empty'));
    }
  }
  return causes;
}

/** ValidateShootUpdate: what may not change once a Shoot exists. */
export function validateUpdate(previous: Shoot, next: Shoot): Cause[] {
  const causes: Cause[] = [];
  const immutable = (field: string, before: unknown, after: unknown) => {
    if (JSON.stringify(before) !== JSON.stringify(after)) causes.push(invalid(field, after, 'field is immutable'));
  };
  immutable('spec.region', previous.spec.region, next.spec.region);
  immutable('spec.provider.type', previous.spec.provider.type, next.spec.provider.type);
  immutable('spec.networking.type', previous.spec.networking.type, next.spec.networking.type);
  immutable('spec.networking.pods', previous.spec.networking.pods, next.spec.networking.pods);
  immutable('spec.networking.services', previous.spec.networking.services, next.spec.networking.services);
  immutable('spec.secretBindingName', previous.spec.secretBindingName, next.spec.secretBindingName);
  const before = versionParts(previous.spec.kubernetes.version);
  const after = versionParts(next.spec.kubernetes.version);
  if (before && after) {
    if (compareVersions(after, before) < 0) causes.push(forbidden('spec.kubernetes.version', 'kubernetes version downgrade is not supported'));
    else if (after[0] > before[0] || after[1] >= before[1] + 2) causes.push(forbidden('spec.kubernetes.version', 'kubernetes version upgrade cannot skip a minor version'));
  }
  return causes;
}

/** The ShootValidator admission plugin: what the referenced CloudProfile allows. */
export function admit(shoot: Shoot, profiles: Map<string, CloudProfile>, project: string, creating: boolean, now: number): void {
  const name = shoot.metadata.name;
  if (creating && project.length + name.length > SHOOT_NAME_LIMIT) {
    throw invalidShoot(name, [invalid('name', name, `the length of the shoot name and the project name must not exceed ${SHOOT_NAME_LIMIT} characters (project: ${project}; shoot: ${name})`)]);
  }
  const profileName = shoot.spec.cloudProfile?.name ?? (shoot.spec as { cloudProfileName?: string }).cloudProfileName ?? '';
  const profile = profiles.get(profileName);
  if (!profile) throw forbiddenShoot(name, [`cloudprofiles.core.gardener.cloud "${profileName}" not found`]);
  const reasons: string[] = [];
  if (shoot.spec.provider.type !== profile.spec.type) reasons.push(`provider type in shoot must equal provider type of referenced CloudProfile: "${profile.spec.type}"`);
  const region = profile.spec.regions.find((candidate) => candidate.name === shoot.spec.region);
  if (!region) reasons.push(`spec.region: Unsupported value: "${shoot.spec.region}": supported values: ${profile.spec.regions.map((candidate) => `"${candidate.name}"`).join(', ')}`);
  const version = profile.spec.kubernetes.versions.find((candidate) => candidate.version === shoot.spec.kubernetes.version);
  const expired = version?.expirationDate !== undefined && Date.parse(version.expirationDate) <= now;
  if (!version || (creating && expired)) {
    const offered = profile.spec.kubernetes.versions.filter((candidate) => !candidate.expirationDate || Date.parse(candidate.expirationDate) > now);
    reasons.push(`spec.kubernetes.version: Unsupported value: "${shoot.spec.kubernetes.version}": supported values: ${offered.map((candidate) => `"${candidate.version}"`).join(', ')}`);
  }
  shoot.spec.provider.workers.forEach((worker, index) => {
    const type = profile.spec.machineTypes.find((candidate) => candidate.name === worker.machine.type);
    if (!type || type.usable === false) reasons.push(`spec.provider.workers[${index}].machine.type: Unsupported value: "${worker.machine.type}"`);
    for (const zone of worker.zones ?? []) {
      if (region && !(region.zones ?? []).some((candidate) => candidate.name === zone)) reasons.push(`spec.provider.workers[${index}].zones: Unsupported value: "${zone}"`);
    }
  });
  if (reasons.length > 0) throw forbiddenShoot(name, reasons);
}

/** Admission defaults: the machine image of the CloudProfile, rolling update bounds. */
export function applyDefaults(shoot: Shoot, profile: CloudProfile | undefined): void {
  const images = (profile?.spec as { machineImages?: Array<{ name: string; versions: Array<{ version: string }> }> } | undefined)?.machineImages ?? [];
  for (const worker of shoot.spec.provider.workers) {
    worker.maxSurge ??= 1;
    worker.maxUnavailable ??= 0;
    if (!worker.machine.image && images[0]) worker.machine.image = { name: images[0].name, version: images[0].versions[0]?.version ?? '' };
  }
  shoot.spec.purpose ??= 'evaluation';
}

/** One request the fake Gardener received, as the tests inspect it. */
export interface FakeRequest {
  method: string;
  /** Path and query, e.g. /apis/core.gardener.cloud/v1beta1/namespaces/garden-km/shoots/web-abc */
  path: string;
  contentType: string | null;
  authorization: string | null;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  /** The HTTP status the fake answered. */
  status: number;
}

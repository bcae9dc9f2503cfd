/**
 * Where the editor saves: files on this machine (default), or branches and pull requests of a GitHub
 * repository when `CMS_GITHUB_REPO` is set (docs/editor.md, "Visual editor"). Read from the environment by the
 * editor's server and handed to the browser at start; the GitHub App's secrets never leave the server.
 */
import type { Config } from '@keystatic/core';

export interface StorageSettings {
  /** `owner/name`: GitHub mode; absent: local mode. */
  readonly githubRepo?: string;
  /** Prefix of the branches the editor creates, so that they are easy to tell apart (`contenu/`). */
  readonly branchPrefix: string;
}

export function storageSettingsFrom(env: Record<string, string | undefined>): StorageSettings {
  const repo = env.CMS_GITHUB_REPO?.trim();
  if (repo && !/^[\w.-]+\/[\w.-]+$/.test(repo)) {
    throw new Error(`CMS_GITHUB_REPO must be "owner/name", got "${repo}"`);
  }
  return { githubRepo: repo || undefined, branchPrefix: env.CMS_BRANCH_PREFIX?.trim() || 'contenu/' };
}

export function storageFrom(settings: StorageSettings): Config['storage'] {
  if (!settings.githubRepo) return { kind: 'local' };
  const [owner, name] = settings.githubRepo.split('/') as [string, string];
  // Paths in the config are relative to content/, as in local mode, where the editor sees only that folder.
  return { kind: 'github', repo: { owner, name }, branchPrefix: settings.branchPrefix, pathPrefix: 'content' };
}

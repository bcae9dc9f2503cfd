/**
 * `<AudienceNotice />` in MDX: what the GDPR notice says about audience counting, from content/audience.json and
 * the build's setting (`build.audienceCounted` of src/contact/settings.ts): what is counted, that no cookie is used, how long daily totals
 * are kept (the period the purge applies), and the link « Ne pas être compté », which works without JavaScript
 * (the count endpoint keeps the choice in the one cookie the site sets, for objecting visitors only).
 */
import { audience } from '../../../content/data/audience.ts';
import { countPath } from '../../../contact/audience-settings.ts';
import { fillTemplate } from '../../../content/template.ts';

declare const __AUDIENCE__: boolean | undefined;

/** This build counts its audience; false where nothing defines it (unit tests). */
export const audienceCounted: boolean = typeof __AUDIENCE__ === 'boolean' ? __AUDIENCE__ : false;

/** The notice for a build that counts (`counted`) or not. */
export function AudienceText({ counted }: { counted: boolean }) {
  const { notice } = audience;
  if (!counted) return <p>{notice.off}</p>;
  return (
    <>
      <p>{fillTemplate(notice.on, { months: String(audience.retentionMonths) })}</p>
      <p>{notice.object}</p>
      <p>
        <a href={`${countPath}?objection=1`} rel="nofollow">
          {notice.objectLink}
        </a>
        {' · '}
        <a href={`${countPath}?objection=0`} rel="nofollow">
          {notice.undoLink}
        </a>
      </p>
    </>
  );
}

export function AudienceNotice() {
  return <AudienceText counted={audienceCounted} />;
}

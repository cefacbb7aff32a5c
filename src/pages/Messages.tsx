// Plain message screens: not found, error, service unavailable, cookies. Each can sit inside a
// survey's frame or the generic one.
import type { ReactNode } from 'react';
import { Button } from '../../renderers';
import { useDocumentTitle } from '../hooks';
import { BACK_TO_ANSWERS_FIELD, type CarriedForm, type PostedPage } from '../serverContext';
import { useT } from '../i18n';

function MessagePage(props: {
  title: string;
  paragraphs: string[];
  service?: string;
  children?: ReactNode;
}) {
  useDocumentTitle(props.title, props.service);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{props.title}</h1>
        {props.paragraphs.map((text) => (
          <p className="govuk-body" key={text}>
            {text}
          </p>
        ))}
        {props.children}
      </div>
    </div>
  );
}

export function NotFoundContent({ service }: { service?: string }) {
  const { t } = useT();
  return (
    <MessagePage
      title={t('notFound.title')}
      paragraphs={[t('notFound.p1'), t('notFound.p2'), t('notFound.p3')]}
      service={service}
    />
  );
}

/** A way back from a message to the answers: a link, which with JavaScript can instead draw the
 *  form again in place (a refused Send, whose answers are all in the page's form). */
export interface WayBack {
  href: string;
  text: 'back' | 'backToStart';
  onClick?: () => void;
}

function WayBackLink({ back }: { back: WayBack }) {
  const { t } = useT();
  const { onClick } = back;
  return (
    <p className="govuk-body">
      <a
        className="govuk-link"
        href={back.href}
        onClick={
          onClick &&
          ((event) => {
            event.preventDefault();
            onClick();
          })
        }
      >
        {t(`unavailable.${back.text}`)}
      </a>
    </p>
  );
}

/** Any failure: a render error, or a submission the API refused (with its status code). */
export function ErrorContent({
  status,
  service,
  back,
}: {
  status?: number;
  service?: string;
  back?: WayBack;
}) {
  const { t } = useT();
  const paragraphs = [t('error.p1'), t('error.p2')];
  if (status) paragraphs.push(t('error.status', { status }));
  return (
    <MessagePage title={t('error.title')} paragraphs={paragraphs} service={service}>
      {back && <WayBackLink back={back} />}
    </MessagePage>
  );
}

/** Why the service could not take the answers: too busy (the submission cap, or the API's 503),
 *  the client over its limit (429), or no answer at all (a technical problem). */
export type Refusal = 'busy' | 'limit' | 'failed';

/** Where the answers are meanwhile: on this device (JavaScript), in the server's draft, carried
 *  in the page (`carry` posts them back), or nowhere yet (refused at Start). */
export type Kept = 'device' | 'server' | 'carried' | 'none';

const FIRST: Record<Refusal, string> = {
  busy: 'unavailable.busyP1',
  limit: 'unavailable.limitP1',
  failed: 'unavailable.p1',
};
const KEPT: Record<Exclude<Kept, 'none'>, string> = {
  device: 'unavailable.keptDevice',
  server: 'unavailable.keptServer',
  carried: 'unavailable.carried',
};

/** The service could not take the answers: try again later, what became of the answers, and a
 *  way back to them (or, with none yet, to the start). */
export function UnavailableContent({
  service,
  reason,
  kept,
  back,
  carry,
}: {
  service?: string;
  reason: Refusal;
  kept: Kept;
  back?: WayBack | undefined;
  /** The answers as posted, carried in the page (nothing was kept on the server): a button posts
   *  them back to draw the form filled in. */
  carry?: CarriedForm | undefined;
}) {
  const { t } = useT();
  const paragraphs = [
    t(FIRST[reason]),
    t(reason === 'limit' ? 'unavailable.limitLater' : 'unavailable.later'),
    ...(kept === 'none' ? [] : [t(KEPT[kept])]),
  ];
  return (
    <MessagePage title={t('unavailable.title')} paragraphs={paragraphs} service={service}>
      {carry && (
        <form method="post" action={carry.action} noValidate>
          {carry.fields.map(([name, value], index) => (
            <input type="hidden" key={index} name={name} value={value} />
          ))}
          <Button text={t('unavailable.back')} name={BACK_TO_ANSWERS_FIELD} value="1" />
        </form>
      )}
      {back && <WayBackLink back={back} />}
    </MessagePage>
  );
}

/** A post the server did not take (no JavaScript), as its answer describes it. */
export function RefusedPost({
  service,
  unavailable,
}: {
  service: string;
  unavailable: NonNullable<PostedPage['unavailable']>;
}) {
  const { reason, kept, back, carry } = unavailable;
  return (
    <UnavailableContent
      service={service}
      reason={reason}
      kept={kept}
      carry={carry}
      back={back ? { href: back, text: kept === 'none' ? 'backToStart' : 'back' } : undefined}
    />
  );
}

export function CookiesContent() {
  const { t } = useT();
  return (
    <MessagePage
      title={t('cookies.title')}
      paragraphs={[t('cookies.p1'), t('cookies.p2'), t('cookies.p3')]}
    />
  );
}

// Plain message screens: not found, error, service unavailable, cookies. Each can sit inside a
// survey's frame or the generic one.
import type { ReactNode } from 'react';
import { Button } from '../../renderers';
import { useDocumentTitle } from '../hooks';
import { BACK_TO_ANSWERS_FIELD, type CarriedForm } from '../serverContext';
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

/** Any failure: a render error, or a submission the API refused (with its status code). */
export function ErrorContent({ status, service }: { status?: number; service?: string }) {
  const { t } = useT();
  const paragraphs = [t('error.p1'), t('error.p2')];
  if (status) paragraphs.push(t('error.status', { status }));
  return <MessagePage title={t('error.title')} paragraphs={paragraphs} service={service} />;
}

/** The service is too busy or down: try again later. `busy`: the server refused a form posted
 *  without JavaScript as over a limit (answers kept in the server's draft); `back` leads to
 *  answers the server kept; without either they are kept on the device. */
export function UnavailableContent({
  service,
  back,
  busy,
  carry,
}: {
  service?: string;
  back?: string | undefined;
  busy?: boolean;
  /** The answers as posted, carried in the page (nothing was kept on the server): a button posts
   *  them back to draw the form filled in. */
  carry?: CarriedForm;
}) {
  const { t } = useT();
  const paragraphs = carry
    ? [t('unavailable.busyP1'), t('unavailable.carried')]
    : busy
      ? [t('unavailable.busyP1'), t('unavailable.busyP2')]
      : [t('unavailable.p1'), t(back ? 'unavailable.kept' : 'unavailable.p2')];
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
      {back && (
        <p className="govuk-body">
          <a className="govuk-link" href={back}>
            {t('unavailable.back')}
          </a>
        </p>
      )}
    </MessagePage>
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

import { useTranslation } from 'react-i18next';

/** The generic error screen: heading, "an error occurred", and the error's status text or message in italics. */
export function ErrorScreen({ detail }: { readonly detail: string }) {
  const { t } = useTranslation('common');
  return (
    <main className="page error-screen">
      <h1>{t('error.heading')}</h1>
      <p>{t('error.message')}</p>
      {detail ? (
        <p>
          <i>{detail}</i>
        </p>
      ) : null}
    </main>
  );
}

/** The text shown in italics for any thrown value. */
export function errorDetail(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requiredText } from '@hcp/contracts';
import { devOutbox } from '@hcp/contracts/routes/dev';
import { call, endpointKey } from '../lib/api-client.ts';
import { PageFrame } from '../components/layout/page.tsx';
import { Alert, Card, EmptyState, Spinner } from '../components/ui/feedback.tsx';
import { Button } from '../components/ui/button.tsx';
import { TextField } from '../components/ui/field.tsx';
import { Form, useZodForm } from '../components/ui/form.tsx';

/**
 * The dev key travels in the page's #fragment (the start banner prints `/dev/outbox#key=…`): browsers never
 * send a fragment to the server, a proxy or a Referer, so the key stays on the developer's screen.
 */
const keyFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('key') ?? '';

/** The dev key typed by hand: the value the dev routes' X-Dev-Secret header carries. */
const devKeyFormSchema = z.object({ key: requiredText(200) });

/** Development outbox: every mail the portal wrote (password resets, reference requests, ...). */
export default function DevOutboxPage() {
  const [key, setKey] = useState(keyFromHash);
  const form = useZodForm(devKeyFormSchema, { defaultValues: { key: '' } });
  const typed = form.watch('key');
  useEffect(() => {
    const onHash = () => setKey(keyFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const q = useQuery({
    queryKey: endpointKey(devOutbox, key),
    queryFn: () => call(devOutbox, {}, { headers: { 'x-dev-secret': key } }),
    enabled: key !== '',
    retry: false,
  });
  const open = ({ key: typedKey }: { key: string }) => {
    window.location.hash = new URLSearchParams({ key: typedKey }).toString();
  };
  return (
    <PageFrame title="Mail outbox">
      {(!key || q.isError) && (
        <Form form={form} onSubmit={open} aria-label="Open the outbox">
          {q.isError && <Alert>The outbox is not available on this server, or the key is wrong.</Alert>}
          <TextField
            label="Dev key"
            hint="Printed by npm start beside the outbox address."
            autoComplete="off"
            {...form.register('key')}
          />
          <Button type="submit" disabled={!typed.trim()}>
            Open outbox
          </Button>
        </Form>
      )}
      {key && q.isPending && <Spinner />}
      {q.data?.length === 0 && <EmptyState>No mail yet.</EmptyState>}
      {q.data?.map((m) => (
        <Card key={m.id} as="article" className="outbox-mail">
          <h2>{m.subject}</h2>
          <p>
            To <strong>{m.to}</strong> · {new Date(m.createdAt).toLocaleString('en-US')} · {m.kind}
          </p>
          <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {m.text.split(/(https?:\/\/\S+)/g).map((part, i) =>
              /^https?:\/\//.test(part) ? (
                <a key={i} href={part}>
                  {part}
                </a>
              ) : (
                part
              ),
            )}
          </pre>
        </Card>
      ))}
    </PageFrame>
  );
}

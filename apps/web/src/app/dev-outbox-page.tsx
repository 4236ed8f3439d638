import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../lib/api-client.ts';
import { PageFrame } from '../components/layout/page.tsx';
import { Alert, Card, EmptyState, Spinner } from '../components/ui/feedback.tsx';

interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
  createdAt: string;
}

/** Development outbox: every mail the portal wrote (password resets, reference requests, ...). */
export default function DevOutboxPage() {
  const q = useQuery({ queryKey: ['dev', 'outbox'], queryFn: () => apiJson<Mail[]>('dev/outbox', { auth: false }) });
  return (
    <PageFrame title="Mail outbox">
      {q.isPending && <Spinner />}
      {q.isError && <Alert>The outbox is not available on this server.</Alert>}
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

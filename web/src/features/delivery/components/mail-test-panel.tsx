import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { DELIVERY_UI } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { sendMailTest } from '../api/delivery-api';

/**
 * `Проверка почты` on `Пользователи` (admins, DESIGN §17): one test message through the configured
 * mail server, sent while the admin waits; the toast tells the server's reply, or why it failed.
 */
export function MailTestPanel() {
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const sent = await sendMailTest(to.trim());
      toast.success(DELIVERY_UI.mailTestSent, { description: sent.reply });
    } catch (err) {
      const message = serverMessageOf(err);
      // The mail server's refusal already says that the message was not sent: shown once.
      if (message?.startsWith(DELIVERY_UI.mailTestFailed)) toast.error(message);
      else toast.error(DELIVERY_UI.mailTestFailed, { description: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="mail-test-title">
      <h2 className="panel__title" id="mail-test-title">
        {DELIVERY_UI.mailTest}
      </h2>
      <p className="note">{DELIVERY_UI.mailTestHint}</p>
      <form className="inline-form" onSubmit={(e) => void onSubmit(e)}>
        <input
          className="text-input"
          type="email"
          required
          aria-label={DELIVERY_UI.mailTestTo}
          placeholder={DELIVERY_UI.mailTestTo}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {DELIVERY_UI.mailTestSend}
        </button>
      </form>
    </section>
  );
}

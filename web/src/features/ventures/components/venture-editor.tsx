import type { VentureSummary } from '@app/contracts';
import { Button, Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { useNotify } from '../../../lib/notify';
import { newIdempotencyKey } from '../../../lib/single-flight';
import { useCreateVenture, type VentureInput } from '../api/create-venture';
import { useUpdateVenture } from '../api/update-venture';
import {
  ventureCreatedToast,
  ventureCreateFailedToast,
  ventureUpdatedToast,
  ventureUpdateFailedToast,
  type VentureFormValues,
} from '../venture-messages';
import { VentureForm } from './venture-form';

interface VentureEditorProps {
  /** The venture being edited; null in "add new" mode. */
  editing: VentureSummary | null;
  /** Back to "add new" mode (after saving or on Cancel). */
  onDone: () => void;
}

/**
 * The account page's add/edit venture card (spec §2 "Account", §5): adds a venture, or edits the one chosen
 * in the list below it.
 */
export function VentureEditor({ editing, onDone }: VentureEditorProps) {
  const t = useT();
  const notify = useNotify();
  const [form] = Form.useForm<VentureFormValues>();
  const creation = useCreateVenture();
  // One key per venture added here; a new one after each success (the form is then empty again).
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const update = useUpdateVenture();
  const pending = creation.isPending || update.isPending;
  const sectionRef = useRef<HTMLElement>(null);
  const editingId = editing?.id ?? null;

  useEffect(() => {
    // Switching modes fills (or empties) the fields; choosing Edit brings the form into view, focused.
    if (editing) {
      form.setFieldsValue({ name: editing.name, blurb: editing.blurb ?? '' });
      sectionRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      form.focusField('name');
    } else {
      form.resetFields();
    }
    // Only a change of the venture chosen switches modes, not a refetch of the same venture.
  }, [editingId, form]);

  const save = async (input: VentureInput) => {
    if (editing) {
      try {
        await update.mutateAsync({ id: editing.id, ...input });
      } catch (error) {
        notify.error(ventureUpdateFailedToast(error));
        return;
      }
      notify.success(ventureUpdatedToast);
      onDone();
    } else {
      try {
        await creation.mutateAsync({ input, idempotencyKey });
      } catch (error) {
        notify.error(ventureCreateFailedToast(error));
        return;
      }
      notify.success(ventureCreatedToast);
      setIdempotencyKey(newIdempotencyKey());
      form.resetFields();
    }
  };

  const title = editing ? t('Edit Venture') : t('Add New Venture');
  return (
    <section ref={sectionRef} className="account-card" aria-labelledby="venture-form-heading">
      <h2 id="venture-form-heading" className="account-card__title">
        {title}
      </h2>
      {editing && (
        <p className="account-card__hint">
          <Trans id="Editing <0>{name}</0>" values={{ name: editing.name }} components={{ 0: <strong /> }} />
        </p>
      )}
      <VentureForm
        name="account-venture"
        form={form}
        variant="account"
        submitLabel={editing ? t('Save Changes') : t('Add Venture')}
        pending={pending}
        onSubmit={save}
        secondaryActions={
          editing && (
            <Button onClick={onDone} disabled={pending}>
              {t('Cancel')}
            </Button>
          )
        }
      />
    </section>
  );
}

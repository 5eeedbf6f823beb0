import type { VentureDetail } from '@app/contracts';
import { Button, Form, Modal } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import { useUpdateVenture } from '../api/update-venture';
import { ventureUpdatedToast, ventureUpdateFailedToast, type VentureFormValues } from '../venture-messages';
import { VentureForm, type VentureFormInput } from './venture-form';

interface VentureEditDialogProps {
  venture: VentureDetail;
  open: boolean;
  onClose: () => void;
}

/** The venture's fields as the form holds them. */
function formValues(venture: VentureDetail): VentureFormValues {
  return {
    name: venture.name,
    blurb: venture.blurb ?? '',
    timeZone: venture.timeZone,
    targetLaunchDate: venture.targetLaunchDate,
  };
}

/**
 * The roadmap's "Edit venture" dialog (spec §2). Its own module, loaded when the owner first asks for it
 * (issue 22: the form, its time-zone select and date picker are no part of the roadmap's first render).
 */
export function VentureEditDialog({ venture, open, onClose }: VentureEditDialogProps) {
  const t = useT();
  const notify = useNotify();
  const [form] = Form.useForm<VentureFormValues>();
  const update = useUpdateVenture();

  // Each opening starts from the venture as it is now: a cancelled edit leaves nothing behind.
  useEffect(() => {
    if (open) form.setFieldsValue(formValues(venture));
    // Only on opening: a refetch while the dialog is open must not overwrite what is being typed.
  }, [open, form]);

  const save = async (input: VentureFormInput) => {
    try {
      await update.mutateAsync({ id: venture.id, ...input });
    } catch (error) {
      notify.error(ventureUpdateFailedToast(error));
      return;
    }
    notify.success(ventureUpdatedToast);
    onClose();
  };

  return (
    <Modal open={open} title={t('Edit venture')} onCancel={onClose} footer={null}>
      <VentureForm
        name="edit-venture"
        form={form}
        variant="dialog"
        initialValues={formValues(venture)}
        submitLabel={t('Save changes')}
        pending={update.isPending}
        onSubmit={save}
        secondaryActions={<Button onClick={onClose}>{t('Cancel')}</Button>}
      />
    </Modal>
  );
}

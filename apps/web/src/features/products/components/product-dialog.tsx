import { Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Product, ProductInput } from '@studiolo/domain/calendar';
import { defaultTipoSpesa, type TipoSpesaRiga } from '@studiolo/domain/sistema-ts';
import { IconCurrencyEuro } from '@tabler/icons-react';
import { useEffect } from 'react';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useMounted } from '../../../lib/use-mounted.ts';
import { tipoSpesaRigaOptions } from '../../sistema-ts/tipo-spesa-options.ts';
import { useCreateProduct, useUpdateProduct } from '../api/save-product.ts';
import { productTexts } from './products.texts.ts';

type ProductValues = {
  name: string;
  duration: number | '';
  price: number | '';
  grossPrice: number | '';
  active: boolean;
  tipoSpesa: TipoSpesaRiga;
};

const emptyValues: ProductValues = {
  name: '',
  duration: 60,
  price: '',
  grossPrice: '',
  active: true,
  tipoSpesa: defaultTipoSpesa,
};

/** Creates or edits a service (fetched when first opened: products-panel.tsx). */
export const ProductDialog = ({ product, onClose }: { product: Product | 'new' | null; onClose: () => void }) => {
  const isPhone = useIsPhone();
  const mounted = useMounted();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const form = useForm<ProductValues>({
    initialValues: emptyValues,
    validate: {
      name: (v) => (v.trim() ? null : productTexts.required),
      duration: (v) => (v === '' || v < 1 ? productTexts.required : null),
      price: (v) => (v === '' ? productTexts.required : null),
      grossPrice: (v) => (v === '' ? productTexts.required : null),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when another product opens
  useEffect(() => {
    if (!product) return;
    const values =
      product === 'new'
        ? emptyValues
        : {
            name: product.name,
            duration: product.duration,
            price: product.price,
            grossPrice: product.grossPrice,
            active: product.status === 'ACTIVE',
            tipoSpesa: product.tipoSpesa,
          };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [product]);

  const submit = form.onSubmit(async (v) => {
    const input: ProductInput = {
      name: v.name.trim(),
      duration: Number(v.duration),
      price: Number(v.price),
      grossPrice: Number(v.grossPrice),
      status: v.active ? 'ACTIVE' : 'INACTIVE',
      tipoSpesa: v.tipoSpesa,
      codiceIvaId: product && product !== 'new' ? product.codiceIvaId : null,
    };
    try {
      if (product && product !== 'new') await update.mutateAsync({ ...input, id: product.id });
      else await create.mutateAsync(input);
      onClose();
    } catch (e) {
      applyServerFieldErrors(form, e);
    }
  });
  const duration = form.values.duration;
  const money = {
    leftSection: <IconCurrencyEuro size={16} aria-hidden />,
    decimalSeparator: ',',
    thousandSeparator: '.',
    decimalScale: 2,
    min: 0,
  } as const;

  return (
    <Modal
      opened={mounted && product !== null}
      onClose={onClose}
      title={product === 'new' ? productTexts.add : productTexts.edit}
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={productTexts.name} {...requiredField} {...form.getInputProps('name')} />
          <NumberInput
            label={productTexts.duration}
            description={typeof duration === 'number' && duration > 0 ? productTexts.durationHint(duration) : undefined}
            min={1}
            max={1440}
            step={5}
            allowDecimal={false}
            {...requiredField}
            {...form.getInputProps('duration')}
          />
          <Group grow gap="sm" align="flex-start">
            <NumberInput label={productTexts.price} {...money} {...requiredField} {...form.getInputProps('price')} />
            <NumberInput
              label={productTexts.grossPrice}
              {...money}
              {...requiredField}
              {...form.getInputProps('grossPrice')}
            />
          </Group>
          <Select
            label={productTexts.tipoSpesa}
            description={productTexts.tipoSpesaHint}
            data={tipoSpesaRigaOptions}
            allowDeselect={false}
            {...form.getInputProps('tipoSpesa')}
          />
          <Switch label={productTexts.activeSwitch} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {productTexts.cancel}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {productTexts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

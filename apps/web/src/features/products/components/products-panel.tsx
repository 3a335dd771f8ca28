import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Product, ProductInput } from '@studiolo/domain/calendar';
import { formatMinutes } from '@studiolo/domain/shared';
import { defaultTipoSpesa, type TipoSpesaRiga } from '@studiolo/domain/sistema-ts';
import { IconCurrencyEuro, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { formatEuro } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { tipoSpesaRigaOptions } from '../../sistema-ts/tipo-spesa-options.ts';
import { useDeleteProducts } from '../api/delete-products.ts';
import { useProducts } from '../api/get-products.ts';
import { useCreateProduct, useUpdateProduct } from '../api/save-product.ts';

/** Texts of the services panel (decided: the spec lists the fields of a product, not the screen). */
export const productTexts = {
  title: 'Prestazioni',
  description: 'I servizi dello studio: scegliendone uno in un appuntamento si impostano durata e prezzo.',
  add: 'Nuova prestazione',
  edit: 'Modifica prestazione',
  name: 'Nome',
  duration: 'Durata (minuti)',
  durationShown: 'Durata',
  price: 'Prezzo netto',
  grossPrice: 'Prezzo lordo',
  status: 'Stato',
  active: 'Attiva',
  inactive: 'Non attiva',
  activeSwitch: 'Prestazione attiva',
  tipoSpesa: 'Tipo di spesa (Sistema TS)',
  tipoSpesaHint: 'Le righe in fattura di questa prestazione partono con questo tipo; si può cambiare riga per riga.',
  save: 'Salva',
  cancel: 'Annulla',
  deleteSelected: (n: number) => (n === 1 ? 'Elimina 1 prestazione' : `Elimina ${n} prestazioni`),
  selectAll: 'Seleziona tutte',
  select: (name: string) => `Seleziona ${name}`,
  editOf: (name: string) => `Modifica ${name}`,
  deleteOf: (name: string) => `Elimina ${name}`,
  empty: 'Nessuna prestazione: aggiungi la prima.',
  required: 'Campo obbligatorio',
  durationHint: (minutes: number) => `${formatMinutes(minutes)} ore`,
} as const;

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

/**
 * Services (products) of the studio: a table (cards on phones) with create, edit, delete and multi-delete; durations
 * shown h:mm, prices in euros it-IT (spec part 1 §3 "Product", §9).
 */
export const ProductsPanel = ({ canEdit }: { canEdit: boolean }) => {
  const isPhone = useIsPhone();
  const products = useProducts();
  const remove = useDeleteProducts();
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const list = products.data ?? [];
  const allSelected = list.length > 0 && selected.length === list.length;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete);
      setSelected((s) => s.filter((id) => !toDelete.includes(id)));
      setToDelete(null);
    } catch {
      // shown by lib/http.ts
    }
  };
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <div>
            <Title order={2} fz="lg">
              {productTexts.title}
            </Title>
            <Text size="sm" c="dimmed">
              {productTexts.description}
            </Text>
          </div>
          {canEdit && (
            <Group gap="xs">
              {selected.length > 0 && (
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setToDelete(selected)}
                >
                  {productTexts.deleteSelected(selected.length)}
                </Button>
              )}
              <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing('new')}>
                {productTexts.add}
              </Button>
            </Group>
          )}
        </Group>
        {list.length === 0 && !products.isPending ? (
          <Text size="sm" c="dimmed">
            {productTexts.empty}
          </Text>
        ) : isPhone ? (
          <Stack gap="xs" role="list" aria-label={productTexts.title}>
            {list.map((p) => (
              <Paper key={p.id} withBorder p="sm" role="listitem" data-testid="product-row">
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
                    {canEdit && (
                      <Checkbox
                        aria-label={productTexts.select(p.name)}
                        checked={selected.includes(p.id)}
                        onChange={(e) => toggle(p.id, e.currentTarget.checked)}
                        mt={2}
                      />
                    )}
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" truncate="end">
                        {p.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatMinutes(p.duration)} · {formatEuro(p.grossPrice)}
                        {p.status === 'INACTIVE' ? ` · ${productTexts.inactive}` : ''}
                      </Text>
                    </div>
                  </Group>
                  {canEdit && <RowActions product={p} onEdit={setEditing} onDelete={(id) => setToDelete([id])} />}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={productTexts.title}>
            <Table.Thead>
              <Table.Tr>
                {canEdit && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={productTexts.selectAll}
                      checked={allSelected}
                      indeterminate={selected.length > 0 && !allSelected}
                      onChange={(e) => setSelected(e.currentTarget.checked ? list.map((p) => p.id) : [])}
                    />
                  </Table.Th>
                )}
                <Table.Th>{productTexts.name}</Table.Th>
                <Table.Th>{productTexts.durationShown}</Table.Th>
                <Table.Th ta="right">{productTexts.price}</Table.Th>
                <Table.Th ta="right">{productTexts.grossPrice}</Table.Th>
                <Table.Th>{productTexts.status}</Table.Th>
                {canEdit && <Table.Th w={90} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((p) => (
                <Table.Tr key={p.id} data-testid="product-row">
                  {canEdit && (
                    <Table.Td>
                      <Checkbox
                        aria-label={productTexts.select(p.name)}
                        checked={selected.includes(p.id)}
                        onChange={(e) => toggle(p.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{formatMinutes(p.duration)}</Table.Td>
                  <Table.Td ta="right">{formatEuro(p.price)}</Table.Td>
                  <Table.Td ta="right">{formatEuro(p.grossPrice)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.status === 'ACTIVE' ? 'green' : 'gray'}>
                      {p.status === 'ACTIVE' ? productTexts.active : productTexts.inactive}
                    </Badge>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <RowActions product={p} onEdit={setEditing} onDelete={(id) => setToDelete([id])} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ProductDialog product={editing} onClose={() => setEditing(null)} />
      <DeleteConfirmDialog
        opened={toDelete !== null}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Paper>
  );
};

const RowActions = ({
  product,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit: (p: Product) => void;
  onDelete: (id: string) => void;
}) => (
  <Group gap={4} wrap="nowrap" justify="flex-end">
    <ActionIcon variant="subtle" aria-label={productTexts.editOf(product.name)} onClick={() => onEdit(product)}>
      <IconPencil size={16} />
    </ActionIcon>
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={productTexts.deleteOf(product.name)}
      onClick={() => onDelete(product.id)}
    >
      <IconTrash size={16} />
    </ActionIcon>
  </Group>
);

const ProductDialog = ({ product, onClose }: { product: Product | 'new' | null; onClose: () => void }) => {
  const isPhone = useIsPhone();
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
      opened={product !== null}
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

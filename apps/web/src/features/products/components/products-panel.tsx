import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Product } from '@studiolo/domain/calendar';
import { formatMinutes } from '@studiolo/domain/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { formatEuro } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useDeleteProducts } from '../api/delete-products.ts';
import { useProducts } from '../api/get-products.ts';
import { productTexts } from './products.texts.ts';

// The service's dialog (its form, number and select fields) is fetched when first opened, not before the first screen
// (issue 17 item 11); once fetched it stays mounted, so it closes with its transition.
const ProductDialog = lazy(() =>
  import('./product-dialog.tsx').then(({ ProductDialog }) => ({ default: ProductDialog })),
);

/**
 * Services (products) of the studio: a table (cards on phones) with create, edit, delete and multi-delete; durations
 * shown h:mm, prices in euros it-IT (spec part 1 §3 "Product", §9).
 */
export const ProductsPanel = ({ canEdit }: { canEdit: boolean }) => {
  const isPhone = useIsPhone();
  const products = useProducts();
  const remove = useDeleteProducts();
  const [editing, setEditingState] = useState<Product | 'new' | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  const setEditing = (product: Product | 'new' | null) => {
    if (product) setDialogWanted(true);
    setEditingState(product);
  };
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
      {dialogWanted && (
        <Suspense fallback={null}>
          <ProductDialog product={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
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

import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export type TabMenuTab = {
  label: string;
  /** The user's role may see the tab (default true). */
  canAccess?: boolean;
  /** The studio's plan or settings enable the tab (default true). */
  featureEnabled?: boolean;
  content: ReactNode;
};

export type TabMenuProps = {
  tabs: readonly TabMenuTab[];
  /** Accessible name of the tab list. */
  'aria-label'?: string;
};

/** spec part 1 §2: the selected index goes to the query parameter tab. */
export const tabQueryParam = 'tab';

/**
 * Tabs whose selection lives in the address (?tab=N, other parameters kept), so a page can link to a tab.
 * N is the index in the given array, hidden tabs included, so links stay stable whatever the user may see.
 */
export const TabMenu = ({ tabs, 'aria-label': ariaLabel }: TabMenuProps) => {
  const [searchParams, setSearchParams] = useSearchParams();
  // spec part 1 §2: a tab is hidden unless both canAccess and featureEnabled hold
  const visible = tabs
    .map((tab, index) => ({ ...tab, index }))
    .filter((tab) => (tab.canAccess ?? true) && (tab.featureEnabled ?? true));
  const requested = Number(searchParams.get(tabQueryParam));
  const active = visible.find((tab) => tab.index === requested) ?? visible[0];
  if (!active) return null;

  const select = (value: string | null) => {
    if (value === null) return;
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(tabQueryParam, value);
      return next;
    });
  };

  return (
    <Tabs value={String(active.index)} onChange={select} keepMounted={false}>
      <Tabs.List aria-label={ariaLabel} style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
        {visible.map((tab) => (
          <Tabs.Tab key={tab.index} value={String(tab.index)} style={{ flexShrink: 0 }}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {visible.map((tab) => (
        <Tabs.Panel key={tab.index} value={String(tab.index)} pt="md">
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};

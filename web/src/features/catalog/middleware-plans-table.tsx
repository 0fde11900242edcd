import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from '../../components/list-kit';
import type { CatalogMiddleware } from './catalog-types';
import { ItemPrice } from './item-price';
import { planSpecs } from './tier-facts';

type MiddlewarePlan = CatalogMiddleware['plans'][number];

interface MiddlewarePlansTableProps {
  middleware: CatalogMiddleware;
  /** A plan's Order button; without it, the table has no Order column. */
  orderButton?: (plan: MiddlewarePlan) => ReactNode;
  rowProps: (plan: MiddlewarePlan) => { [attribute: `data-${string}`]: string };
  minWidth: number;
  testId?: string;
}

/** The plans of a middleware, each with its size and price, and the way to order it. */
export function MiddlewarePlansTable({ middleware, orderButton, rowProps, minWidth, testId }: MiddlewarePlansTableProps) {
  return (
    <DataTable
      rows={middleware.plans}
      columns={[
        { header: 'Plan', rowHeader: true, cell: (plan) => plan.name, cellProps: () => ({ fw: 600 }) },
        { header: 'Size', cell: (plan) => <Text size="sm">{planSpecs(plan)}</Text> },
        { header: 'Price', cell: (plan) => <ItemPrice monthlyCents={plan.monthlyPriceCents} yearlyCents={plan.yearlyPriceCents} size="sm" /> },
        orderButton !== undefined && { header: 'Order', hideHeader: true, cell: orderButton },
      ]}
      rowKey={(plan) => plan.id}
      rowProps={rowProps}
      caption={`Plans of ${middleware.name}`}
      minWidth={minWidth}
      verticalSpacing="sm"
      striped
      withTableBorder
      testId={testId}
    />
  );
}

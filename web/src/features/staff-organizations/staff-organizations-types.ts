import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['staffOrganizations'];

export type OrganizationRow = Outputs['list']['items'][number];
export type OrganizationDetail = Outputs['get'];
export type AwaitingTransfer = OrganizationDetail['awaitingTransfers'][number];
export type OrganizationStatus = OrganizationRow['status'];
export type StaffCluster = Outputs['clusters']['items'][number];
export type StaffAddon = Outputs['addons']['items'][number];
export type StaffSubscription = Outputs['middlewares']['items'][number];
export type Attention = Outputs['attention'];
export type ClusterStatus = StaffCluster['status'];
export type OrderStatus = StaffSubscription['status'];

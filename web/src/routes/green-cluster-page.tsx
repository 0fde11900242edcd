import { createFileRoute } from '@tanstack/react-router';
import { clusterTypeAliasRoute } from '../features/public';

/** docs/product/screens.md#cluster-types: a fixed alias of the cluster-type detail page. */
export const Route = createFileRoute('/green-cluster-page')(clusterTypeAliasRoute('/green-cluster-page'));

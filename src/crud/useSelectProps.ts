import {
  useSelect,
  type BaseOption,
  type BaseRecord,
  type HttpError,
  type UseSelectProps,
} from '@refinedev/core';
import type { SelectProps } from 'antd';

/**
 * Refine's useSelect with the props of antd's <Select>, as @refinedev/antd's useSelect made them:
 * the server searches (no filtering of the options in the browser).
 */
export function useSelectProps<TData extends BaseRecord>(
  props: UseSelectProps<TData, HttpError, TData>,
) {
  const { query, defaultValueQuery, onSearch, options } = useSelect<
    TData,
    HttpError,
    TData,
    BaseOption
  >(props);
  const selectProps: SelectProps<BaseOption['value'], BaseOption> = {
    options,
    onSearch,
    loading: defaultValueQuery.query.isFetching,
    showSearch: true,
    filterOption: false,
  };
  return { selectProps, query, defaultValueQuery: defaultValueQuery.query };
}

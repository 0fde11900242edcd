import { Text } from '@mantine/core';
import type { MonthForecast } from './cost-data';

/**
 * The forecast's formula in words and with its numbers, so anyone can redo the sum: what the metered
 * hours cost so far, plus the current hourly run rate (the last metered day's average) for each hour left.
 */
export function ForecastFormula({ forecast, format, testId }: { forecast: MonthForecast; format: (eurCents: number) => string; testId?: string }) {
  const rate = format(forecast.runRateMillicentsPerHour / 1000);
  const averaged = forecast.runRateHours === 1 ? 'the last metered hour' : `the last ${forecast.runRateHours} metered hours' average`;
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      Month to date + hourly run rate × hours left: {format(forecast.monthToDateCents)} over {forecast.hoursElapsed} metered hours + {rate} an hour ({averaged}) × {forecast.hoursLeft}{' '}
      hours left = {format(forecast.forecastCents)}.
    </Text>
  );
}

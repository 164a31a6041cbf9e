import { ReportForm } from '../../../components/report-form';
import {
  REPORT_REASON_LABELS,
  useFileReportMutation,
  useGetReportReasonsQuery,
  type ReportReason,
} from '../listings-api';

export function ReportDialog({ productId, onClose }: { productId: string; onClose(): void }) {
  const { data: reasons = Object.keys(REPORT_REASON_LABELS) } = useGetReportReasonsQuery();
  const [report, { isLoading }] = useFileReportMutation();
  return (
    <ReportForm<ReportReason>
      title="Report this listing"
      reasons={reasons.map((r) => [r as ReportReason, REPORT_REASON_LABELS[r] ?? r] as const)}
      thanks="Thank you. Our team will review this listing."
      sending={isLoading}
      send={(r) => report({ targetType: 'product', targetId: productId, ...r }).unwrap()}
      onClose={onClose}
    />
  );
}

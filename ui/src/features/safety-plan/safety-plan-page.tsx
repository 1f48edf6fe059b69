export default function SafetyPlanPage() {
  return (
    <div className="page">
      <h1 className="page-title">SafetyPlan</h1>
    </div>
  );
}

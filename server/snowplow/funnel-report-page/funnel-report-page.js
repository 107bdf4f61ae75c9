// Draws one Chart.js bar chart per flow variant on /_dev/funnel from the JSON the page embeds.
// Plain browser script (served as a file: the stack's CSP allows no inline script).
(function drawFunnelCharts() {
  const source = document.getElementById('funnel-report-data');
  if (!source || typeof window.Chart !== 'function') return;
  const variants = JSON.parse(source.textContent || '[]');
  document.querySelectorAll('canvas[data-variant]').forEach((canvas) => {
    const variant = variants[Number(canvas.getAttribute('data-variant'))];
    if (!variant) return;
    new window.Chart(canvas, {
      type: 'bar',
      data: {
        labels: variant.steps.map((step) => `${step.position}. ${step.stepId}`),
        datasets: [
          { label: 'Reached', data: variant.steps.map((step) => step.reached), backgroundColor: '#2f6fde' },
          { label: 'Left here', data: variant.steps.map((step) => step.droppedOff), backgroundColor: '#d9480f' },
        ],
      },
      options: { indexAxis: 'y', responsive: true, maintainAspectRatio: false, animation: false, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } },
    });
  });
})();

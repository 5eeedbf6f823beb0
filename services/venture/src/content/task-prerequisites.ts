/*
 * The curated prerequisite graph of the 50 standard tasks (issue 17): template id → the template ids that must
 * be done first. A new venture's tasks get it mapped to their own ids (`create-venture.ts`); ventures created
 * before issue 17 get it once, at start (`migrations/task-prerequisites.ts`). Templates an administrator added
 * have none. Every edge points to a smaller id, so the graph is acyclic and "Next up" walks the roadmap in order.
 */
export const STANDARD_TASK_PREREQUISITES: Readonly<Record<number, readonly number[]>> = {
  // Idea and validation: the problem, then who has it, then talk to them.
  2: [1], // Define your target customer ← Write a clear problem statement
  3: [2], // Run customer discovery interviews ← Define your target customer
  4: [3], // Synthesise customer jobs and pains ← Run customer discovery interviews
  7: [4], // Craft your value proposition ← Synthesise customer jobs and pains
  8: [7], // Choose your business model ← Craft your value proposition
  10: [3], // Validate willingness to pay ← Run customer discovery interviews
  12: [9, 10], // Go, pivot or stop ← Landing-page smoke test, Willingness to pay
  // Team and legal: agree, then incorporate, then everything the company signs.
  14: [13], // Agree on the founders' equity split ← Assess your founding team
  15: [14], // Sign a founders' agreement with vesting ← Agree on the equity split
  17: [16], // Incorporate and set up banking ← Choose your legal entity
  18: [17], // Assign IP to the company ← Incorporate
  19: [17], // Set up your cap table and option pool ← Incorporate
  22: [17], // Publish your privacy policy and terms ← Incorporate
  37: [17], // Set up bookkeeping ← Incorporate
  // Product: scope from what customers said, then build, then test with them.
  24: [4], // Scope your MVP ← Synthesise customer jobs and pains
  25: [24], // Prototype and usability-test ← Scope your MVP
  26: [24], // Choose your tech stack ← Scope your MVP
  27: [26], // Set up your development workflow ← Choose your tech stack
  30: [25, 27], // Build the MVP ← Prototype, Development workflow
  32: [30], // Run a private beta ← Build the MVP
  34: [32], // Measure product-market fit signals ← Run a private beta
  // Finance and funding: the model before the raise.
  35: [8], // Model your unit economics ← Choose your business model
  36: [35], // Build your runway and burn model ← Model your unit economics
  39: [36], // Decide how much to raise ← Runway and burn model
  40: [39], // Create your pitch deck ← Decide how much to raise
  41: [40], // Build an investor pipeline ← Create your pitch deck
  42: [41, 19], // Run the fundraise and close ← Investor pipeline, Cap table
  // Go to market.
  43: [10], // Set your pricing and packaging ← Validate willingness to pay
  45: [32, 43, 22], // Plan and run your launch ← Private beta, Pricing, Privacy policy and terms
  49: [45], // Track retention and reduce churn ← Launch
};

/** The prerequisite template ids of a template (none for templates an administrator added). */
export function standardPrerequisitesOf(templateId: number): readonly number[] {
  return STANDARD_TASK_PREREQUISITES[templateId] ?? [];
}

/**
 * The curated graph mapped onto a venture's new tasks: each task's prerequisites are the ids of the tasks
 * copied from its prerequisite templates (a template deleted by an administrator is simply skipped).
 */
export function withStandardPrerequisites<T extends { id: string; taskId: number }>(
  tasks: readonly T[],
): Array<T & { prerequisiteIds: string[] }> {
  const idOfTemplate = new Map(tasks.map((task) => [task.taskId, task.id]));
  return tasks.map((task) => ({
    ...task,
    prerequisiteIds: standardPrerequisitesOf(task.taskId)
      .map((templateId) => idOfTemplate.get(templateId))
      .filter((id): id is string => id !== undefined),
  }));
}

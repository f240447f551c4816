// An infinite loop ends on the step budget.
// MAX-STEPS: 1000
// FATAL: StepBudgetExceeded
func.func @main() {
  cf.br ^loop
^loop:
  cf.br ^loop
}

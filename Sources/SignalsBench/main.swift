import Signals
print("signals-bench: nothing yet")

import Signals
import CSQLite

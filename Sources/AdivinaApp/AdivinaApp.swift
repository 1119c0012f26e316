import Signals
import Models
import HTTPServer
import StandIns

import Capacitor
import UIKit

/**
 * The app's bridge view controller (Main.storyboard points at it): the app's own plugins,
 * which live in this project rather than in an npm package, are registered here once the
 * bridge has loaded, as Capacitor 7 does for local plugins.
 */
class MainViewController: CAPBridgeViewController {
    override open func capacitorDidLoad() {
        bridge?.registerPluginInstance(HearthWifiPlugin())
    }
}

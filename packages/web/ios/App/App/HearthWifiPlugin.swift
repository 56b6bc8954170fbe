import Capacitor
import CoreLocation
import Foundation
import NetworkExtension

/**
 * The app's wifi plugin on iOS (contract in docs/native.md "The HearthWifi plugin contract",
 * the same as Android's HearthWifiPlugin.java): the current network, and joining the heater's
 * own network (Heater_xxxx) so that the web view's fetch reaches its API on port 8080.
 *
 * iOS gives apps no list of nearby networks, so `scan` answers "unavailable" and
 * `capabilities` says `scan: false`: the app then asks for the network name by hand or by QR
 * code. espTouch and Espressif provisioning are not in this build: their calls answer
 * "not implemented", which the app treats as that method failing (it falls back to the
 * heater's own network).
 *
 * Needs the Hotspot Configuration and Access Wi-Fi Information capabilities (App.entitlements)
 * and, for the current network's name, the location permission (Info.plist usage text).
 */
@objc(HearthWifiPlugin)
public class HearthWifiPlugin: CAPPlugin, CAPBridgedPlugin, CLLocationManagerDelegate {
    public let identifier = "HearthWifiPlugin"
    public let jsName = "HearthWifi"
    public let pluginMethods: [CAPPluginMethod] = [
        CAPPluginMethod(name: "capabilities", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "scan", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "current", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "joinAccessPoint", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "leaveAccessPoint", returnType: CAPPluginReturnPromise)
    ]

    /** The heaters' access point address when the phone's own address says nothing better. */
    private static let defaultGateway = "192.168.4.1"
    /** After `apply` succeeds iOS may take a few seconds to move over: checks, one second apart. */
    private static let joinChecks = 10

    private var locationManager: CLLocationManager?
    private var waitingForLocation: [CAPPluginCall] = []
    /** What leaveAccessPoint removes: the prefix configured and the network it matched. */
    private var configured: [String] = []

    @objc func capabilities(_ call: CAPPluginCall) {
        call.resolve(["scan": false, "espTouch": false])
    }

    @objc func scan(_ call: CAPPluginCall) {
        call.unavailable("Listing nearby Wi-Fi networks is not available on iOS.")
    }

    // MARK: The current network

    @objc func current(_ call: CAPPluginCall) {
        DispatchQueue.main.async {
            let manager = self.locationManager ?? CLLocationManager()
            self.locationManager = manager
            // iOS tells an app the network's name only with the location permission.
            if manager.authorizationStatus == .notDetermined {
                self.waitingForLocation.append(call)
                manager.delegate = self
                manager.requestWhenInUseAuthorization()
            } else {
                self.answerCurrent(call)
            }
        }
    }

    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        guard manager.authorizationStatus != .notDetermined else { return }
        let calls = waitingForLocation
        waitingForLocation.removeAll()
        calls.forEach { answerCurrent($0) }
    }

    private func answerCurrent(_ call: CAPPluginCall) {
        NEHotspotNetwork.fetchCurrent { network in
            // Without the permission (or off wifi) iOS answers nil: the user types the name.
            if let ssid = network?.ssid {
                call.resolve(["ssid": ssid])
            } else {
                call.resolve(["ssid": NSNull()])
            }
        }
    }

    // MARK: The heater's network

    @objc func joinAccessPoint(_ call: CAPPluginCall) {
        guard let prefix = call.getString("prefix"), !prefix.isEmpty else {
            call.reject("prefix is required")
            return
        }
        // The heater's network is open, and only needed while the app is in front.
        let configuration = NEHotspotConfiguration(ssidPrefix: prefix)
        configuration.joinOnce = true
        NEHotspotConfigurationManager.shared.apply(configuration) { error in
            DispatchQueue.main.async { self.afterApply(call, prefix: prefix, error: error) }
        }
    }

    /** On the main queue, like every use of `configured`. */
    private func afterApply(_ call: CAPPluginCall, prefix: String, error: Error?) {
        if let error = error as NSError?,
           !(error.domain == NEHotspotConfigurationErrorDomain
                && error.code == NEHotspotConfigurationError.alreadyAssociated.rawValue) {
            let denied = error.domain == NEHotspotConfigurationErrorDomain
                && error.code == NEHotspotConfigurationError.userDenied.rawValue
            call.reject(denied ? "Joining the heater's network was declined." : error.localizedDescription)
            return
        }
        configured = [prefix]
        // apply also succeeds when no such network is in range: the phone's network says.
        confirmJoined(call, prefix: prefix, checksLeft: HearthWifiPlugin.joinChecks)
    }

    private func confirmJoined(_ call: CAPPluginCall, prefix: String, checksLeft: Int) {
        NEHotspotNetwork.fetchCurrent { network in
            DispatchQueue.main.async {
                self.checkJoined(call, ssid: network?.ssid, prefix: prefix, checksLeft: checksLeft)
            }
        }
    }

    private func checkJoined(_ call: CAPPluginCall, ssid: String?, prefix: String, checksLeft: Int) {
        if let ssid = ssid, ssid.hasPrefix(prefix) {
            configured.append(ssid)
            call.resolve(["ssid": ssid, "gateway": HearthWifiPlugin.gatewayAddress()])
        } else if checksLeft > 1 {
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                self.confirmJoined(call, prefix: prefix, checksLeft: checksLeft - 1)
            }
        } else {
            self.removeConfigurations()
            call.reject("The heater's network was not joined.")
        }
    }

    @objc func leaveAccessPoint(_ call: CAPPluginCall) {
        DispatchQueue.main.async {
            self.removeConfigurations()
            call.resolve()
        }
    }

    private func removeConfigurations() {
        configured.forEach { NEHotspotConfigurationManager.shared.removeConfiguration(forSSID: $0) }
        configured.removeAll()
    }

    /**
     * iOS does not tell an app its network's router. The heater's access point hands out
     * addresses in its own subnet and is its first address (192.168.4.1 on these heaters), so
     * the gateway is taken as the first address of the wifi interface's (en0) IPv4 subnet.
     */
    private static func gatewayAddress() -> String {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return defaultGateway }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let interface = entry.pointee
            guard String(cString: interface.ifa_name) == "en0",
                  let address = interface.ifa_addr, address.pointee.sa_family == UInt8(AF_INET),
                  let netmask = interface.ifa_netmask else { continue }
            let ip = ipv4(address)
            let mask = ipv4(netmask)
            let gateway = (ip & mask) &+ 1
            guard mask != 0, gateway != ip else { continue }
            return [24, 16, 8, 0].map { String((gateway >> UInt32($0)) & 0xff) }.joined(separator: ".")
        }
        return defaultGateway
    }

    private static func ipv4(_ address: UnsafeMutablePointer<sockaddr>) -> UInt32 {
        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
        }
    }
}
